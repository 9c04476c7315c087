// Card and billing validation, shared by the server and the fan site. Messages are exact.
// One small pure function per rule; the server throws the first problem (400 naming the field) and the
// 'Add Card Details' dialog shows every problem inline — both from the same functions.
import { ValidationError, isValidEmail } from '../shared/validation';

export type CardBrand = 'jcb' | 'amex' | 'diners_club' | 'visa' | 'mastercard' | 'discover' | 'maestro';

export const CARD_MESSAGES = {
  cardRequired: 'Please enter a card number.',
  cardInvalid: 'Please enter a valid card number.',
  cardDigits: 'Please enter a valid card number (Only numbers allowed)',
  cardType: 'Invalid payment card type.',
  cvvRequired: 'Please enter a cvv.',
  cvvInvalid: 'Please enter a valid cvv.',
  month: 'Please select month.',
  year: 'Please select year.',
} as const;

export const BILLING_MESSAGES = {
  emailRequired: 'Please enter an email.',
  emailInvalid: 'Please enter a valid email.',
  address: 'Please enter an address.',
  country: 'Please enter a country.',
  state: 'Please enter a state/province.',
  city: 'Please enter a city.',
  pincode: 'Please enter a postal code.',
  firstName: 'Please enter a first name.',
  lastName: 'Please enter a last name.',
} as const;

/** Card number 13 to 19 digits; CVV 3 to 4 digits; 15 expiry years listed. */
export const CARD_NUMBER_MIN = 13;
export const CARD_NUMBER_MAX = 19;
export const EXPIRY_YEARS_LISTED = 15;

/** Brand from the number's prefix, in the order the spec lists them; null for an unknown type. */
export function detectCardBrand(number: string): CardBrand | null {
  const n = normaliseCardNumber(number);
  if (/^35(2[89]|[3-8])/.test(n)) return 'jcb';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^3(0[0-5]|[689])/.test(n)) return 'diners_club';
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'mastercard';
  if (/^(6011|65|64[4-9]|622)/.test(n)) return 'discover';
  if (/^(5[06-8]|6\d)/.test(n)) return 'maestro';
  return null;
}

export interface CardFields {
  cardNumber: string;
  cvv: string;
  month: string;
  year: string;
}

export interface BillingFields {
  email: string;
  address: string;
  country: string;
  state?: string;
  city?: string;
  pincode: string;
  firstName: string;
  lastName: string;
}

export type CardField = keyof CardFields;
export type BillingField = keyof BillingFields;
/** The order the server checks and reports fields in (billing, then card). */
export const BILLING_ORDER: readonly BillingField[] = ['email', 'address', 'country', 'state', 'city', 'pincode', 'firstName', 'lastName'];
export const CARD_ORDER: readonly CardField[] = ['cardNumber', 'cvv', 'month', 'year'];

/** The caller's clock, as year and month (1-12). */
export interface YearMonth {
  year: number;
  month: number;
}

export const MONTHS: readonly string[] = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** Years offered: the current year plus 14 more (15 listed). */
export const expiryYears = (currentYear: number): string[] => Array.from({ length: EXPIRY_YEARS_LISTED }, (_, i) => String(currentYear + i));

const t = (s: string | undefined | null) => (s ?? '').trim();

// ---- card rules: each answers the message, or undefined when the value is acceptable --------------------

/**
 * The digits of a card number as people type it: spaces and dashes between the digits are dropped
 * ("4242 4242 4242 4242", "4242-4242-4242-4242"); anything else is left for the rules to refuse.
 */
export function normaliseCardNumber(raw: string | undefined | null): string {
  return t(raw).replace(/[\s-]+/g, '');
}

/**
 * The number as the input shows it while typing: digits in groups of 4 (American Express 4-6-5), at most 19
 * digits; other characters are dropped. Pure, so the field can reformat on every keystroke.
 */
export function formatCardNumber(raw: string): string {
  const digits = (raw ?? '').replace(/\D+/g, '').slice(0, CARD_NUMBER_MAX);
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + size));
    at += size;
  }
  return out.join(' ');
}

export function cardNumberProblem(raw: string): string | undefined {
  const v = normaliseCardNumber(raw);
  if (v === '') return CARD_MESSAGES.cardRequired;
  if (!/^\d+$/.test(v)) return CARD_MESSAGES.cardDigits;
  if (v.length < CARD_NUMBER_MIN || v.length > CARD_NUMBER_MAX) return CARD_MESSAGES.cardInvalid;
  return undefined;
}

/** The alert for a well-formed number of no known brand ('Invalid payment card type.'). */
export function cardTypeProblem(raw: string): string | undefined {
  return cardNumberProblem(raw) === undefined && detectCardBrand(normaliseCardNumber(raw)) === null ? CARD_MESSAGES.cardType : undefined;
}

export function cvvProblem(raw: string): string | undefined {
  const v = t(raw);
  if (v === '') return CARD_MESSAGES.cvvRequired;
  if (!/^\d{3,4}$/.test(v)) return CARD_MESSAGES.cvvInvalid;
  return undefined;
}

export function yearProblem(raw: string, now: YearMonth): string | undefined {
  return expiryYears(now.year).includes(t(raw)) ? undefined : CARD_MESSAGES.year;
}

/** 01-12, and not a month already past in the current year (the card would have expired). */
export function monthProblem(raw: string, rawYear: string, now: YearMonth): string | undefined {
  const v = t(raw);
  if (!MONTHS.includes(v)) return CARD_MESSAGES.month;
  if (Number(t(rawYear)) === now.year && Number(v) < now.month) return CARD_MESSAGES.month;
  return undefined;
}

// ---- billing rules ----------------------------------------------------------------------------------------

/** What the packaged country/state/city data set says about the chosen place (the server asks infra/geo). */
export interface PlaceFacts {
  /** The country code is one of the data set's countries. */
  countryKnown: boolean;
  /** State codes of the chosen country; empty when it has none (then the state is optional). */
  stateCodes: readonly string[];
  /** Cities are listed for the chosen state (then the city is required; a new name may still be typed). */
  citiesExist: boolean;
}

/** For callers that only know whether the lists are non-empty (the dialog before its lookups answer). */
export const looseFacts = (hasStates: boolean, hasCities: boolean): PlaceFacts => ({ countryKnown: true, stateCodes: hasStates ? ['*'] : [], citiesExist: hasCities });

export function emailProblem(raw: string): string | undefined {
  const v = t(raw);
  if (v === '') return BILLING_MESSAGES.emailRequired;
  if (!isValidEmail(v.toLowerCase())) return BILLING_MESSAGES.emailInvalid;
  return undefined;
}

export const requiredProblem = (raw: string | undefined, message: string): string | undefined => (t(raw) === '' ? message : undefined);

export function countryProblem(raw: string, facts: PlaceFacts): string | undefined {
  return t(raw) === '' || !facts.countryKnown ? BILLING_MESSAGES.country : undefined;
}

/** Required only when the country has states; then it must be one of them (sent as its state code). */
export function stateProblem(raw: string | undefined, facts: PlaceFacts): string | undefined {
  if (facts.stateCodes.length === 0) return undefined;
  const v = t(raw);
  if (v === '') return BILLING_MESSAGES.state;
  if (facts.stateCodes.includes('*')) return undefined;
  return facts.stateCodes.some((c) => c.toUpperCase() === v.toUpperCase()) ? undefined : BILLING_MESSAGES.state;
}

/** Required only when cities exist for the state; any name is accepted (a new city may be typed). */
export function cityProblem(raw: string | undefined, facts: PlaceFacts): string | undefined {
  return facts.citiesExist && t(raw) === '' ? BILLING_MESSAGES.city : undefined;
}

// ---- whole forms --------------------------------------------------------------------------------------------

export type FieldProblems<F extends string> = Partial<Record<F, string>>;

// ---- which billing fields a card form asks ---------------------------------------------------------------

/** The spec's whole billing section: what Sticky.io's orders need, and what a site asking for the address shows. */
export const FULL_BILLING: readonly BillingField[] = BILLING_ORDER;

/**
 * The billing fields a card form asks, by the provider new cards go to: only what that provider needs to take the
 * card. The sandbox tokenises with the holder's name (the country is kept on the saved card); CCBill's REST payment
 * token carries the name, country and postal code (the email is the account's); Sticky.io's orders carry the whole
 * billing address. `billingAddress` (a site setting) asks for the whole section whatever the provider; an unknown
 * provider (switched on, not set up) gets the whole section too.
 */
export function cardFormFields(provider: string, billingAddress = false): readonly BillingField[] {
  if (billingAddress) return FULL_BILLING;
  switch (provider) {
    case 'sandbox':
      return ['country', 'firstName', 'lastName'];
    case 'ccbill':
      return ['country', 'pincode', 'firstName', 'lastName'];
    default:
      return FULL_BILLING;
  }
}

/** Every billing problem, by field (what the dialog shows inline); only the fields the form asks are checked. */
export function billingProblems(b: BillingFields, facts: PlaceFacts, fields: readonly BillingField[] = FULL_BILLING): FieldProblems<BillingField> {
  const asked = new Set(fields);
  const checked: FieldProblems<BillingField> = {
    email: emailProblem(b.email),
    address: requiredProblem(b.address, BILLING_MESSAGES.address),
    country: countryProblem(b.country, facts),
    state: stateProblem(b.state, facts),
    city: cityProblem(b.city, facts),
    pincode: requiredProblem(b.pincode, BILLING_MESSAGES.pincode),
    firstName: requiredProblem(b.firstName, BILLING_MESSAGES.firstName),
    lastName: requiredProblem(b.lastName, BILLING_MESSAGES.lastName),
  };
  return compact(Object.fromEntries(Object.entries(checked).filter(([f]) => asked.has(f as BillingField))) as FieldProblems<BillingField>);
}

/** Every card problem, by field, and the form-level alert for an unknown card type. */
export function cardProblems(c: CardFields, now: YearMonth): { fields: FieldProblems<CardField>; alert?: string } {
  const fields = compact<CardField>({
    cardNumber: cardNumberProblem(c.cardNumber),
    cvv: cvvProblem(c.cvv),
    month: monthProblem(c.month, c.year, now),
    year: yearProblem(c.year, now),
  });
  // A past month is reported once the year is valid; an invalid year is reported on the year only.
  if (fields.year && fields.month && MONTHS.includes(t(c.month))) delete fields.month;
  const alert = cardTypeProblem(c.cardNumber);
  return alert ? { fields, alert } : { fields };
}

function compact<F extends string>(o: Partial<Record<F, string | undefined>>): FieldProblems<F> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as FieldProblems<F>;
}

/** Throws ValidationError naming the first bad field (number, cvv, month, year); the brand check goes with the number. */
export function validateCard(c: CardFields, now: YearMonth): { brand: CardBrand; number: string } {
  const number = normaliseCardNumber(c.cardNumber);
  const n = cardNumberProblem(number) ?? cardTypeProblem(number);
  if (n) throw new ValidationError('cardNumber', n);
  const cvv = cvvProblem(c.cvv);
  if (cvv) throw new ValidationError('cvv', cvv);
  if (!MONTHS.includes(t(c.month))) throw new ValidationError('month', CARD_MESSAGES.month);
  const year = yearProblem(c.year, now);
  if (year) throw new ValidationError('year', year);
  const month = monthProblem(c.month, c.year, now);
  if (month) throw new ValidationError('month', month);
  return { brand: detectCardBrand(number)!, number };
}

/**
 * Throws ValidationError naming the first bad billing field (spec order); returns the trimmed fields with the
 * country and state as upper-case codes. `facts` may be the booleans of older callers (hasStates, hasCities).
 */
export function validateBilling(b: BillingFields, facts: PlaceFacts, fields?: readonly BillingField[]): Required<BillingFields>;
export function validateBilling(b: BillingFields, hasStates: boolean, hasCities: boolean): Required<BillingFields>;
export function validateBilling(b: BillingFields, factsOrHasStates: PlaceFacts | boolean, hasCitiesOrFields: boolean | readonly BillingField[] = false): Required<BillingFields> {
  const facts = typeof factsOrHasStates === 'boolean' ? looseFacts(factsOrHasStates, hasCitiesOrFields === true) : factsOrHasStates;
  const fields = Array.isArray(hasCitiesOrFields) ? hasCitiesOrFields : FULL_BILLING;
  const problems = billingProblems(b, facts, fields);
  const first = BILLING_ORDER.find((f) => problems[f]);
  if (first) throw new ValidationError(first, problems[first]!);
  return {
    email: t(b.email),
    address: t(b.address),
    country: t(b.country).toUpperCase(),
    state: facts.stateCodes.length ? t(b.state).toUpperCase() : t(b.state),
    city: t(b.city),
    pincode: t(b.pincode),
    firstName: t(b.firstName),
    lastName: t(b.lastName),
  };
}
