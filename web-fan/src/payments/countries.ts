// Country and state lists for the billing form. Country names come from the browser (Intl.DisplayNames), so
// only the ISO codes ship. The state is asked for only where a list exists (spec 1 §5: "state required only
// when the country has states").
const CODES =
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IS IT JE JM JO JP KE KG KH KI KM KN KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RW SA SB SC SE SG SH SI SK SL SM SN SO SR SS ST SV SX SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

export interface Option {
  code: string;
  name: string;
}

let cached: Option[] | null = null;

export function countries(): Option[] {
  if (cached) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    names = null;
  }
  cached = CODES.split(' ')
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return cached;
}

const US =
  'AL:Alabama AK:Alaska AZ:Arizona AR:Arkansas CA:California CO:Colorado CT:Connecticut DE:Delaware DC:District_of_Columbia FL:Florida GA:Georgia HI:Hawaii ID:Idaho IL:Illinois IN:Indiana IA:Iowa KS:Kansas KY:Kentucky LA:Louisiana ME:Maine MD:Maryland MA:Massachusetts MI:Michigan MN:Minnesota MS:Mississippi MO:Missouri MT:Montana NE:Nebraska NV:Nevada NH:New_Hampshire NJ:New_Jersey NM:New_Mexico NY:New_York NC:North_Carolina ND:North_Dakota OH:Ohio OK:Oklahoma OR:Oregon PA:Pennsylvania RI:Rhode_Island SC:South_Carolina SD:South_Dakota TN:Tennessee TX:Texas UT:Utah VT:Vermont VA:Virginia WA:Washington WV:West_Virginia WI:Wisconsin WY:Wyoming';
const CA =
  'AB:Alberta BC:British_Columbia MB:Manitoba NB:New_Brunswick NL:Newfoundland_and_Labrador NS:Nova_Scotia NT:Northwest_Territories NU:Nunavut ON:Ontario PE:Prince_Edward_Island QC:Quebec SK:Saskatchewan YT:Yukon';
const AU =
  'ACT:Australian_Capital_Territory NSW:New_South_Wales NT:Northern_Territory QLD:Queensland SA:South_Australia TAS:Tasmania VIC:Victoria WA:Western_Australia';

const parse = (s: string): Option[] =>
  s.split(' ').map((pair) => {
    const [code, name] = pair.split(':');
    return { code: code!, name: name!.replace(/_/g, ' ') };
  });

const STATES: Record<string, string> = { US, CA, AU };

export function statesOf(country: string): Option[] {
  const raw = STATES[country];
  return raw ? parse(raw) : [];
}

/** A first guess at the fan's country from the browser's locale (en-US → US). */
export function guessCountry(): string {
  try {
    const langs = navigator.languages?.length ? navigator.languages : [navigator.language];
    for (const lang of langs) {
      const region = new Intl.Locale(lang).maximize().region;
      if (region && CODES.includes(region)) return region;
    }
  } catch {
    /* ignore */
  }
  return '';
}
