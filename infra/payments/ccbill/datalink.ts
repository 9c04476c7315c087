// CCBill DataLink's answers: the XML it returns with returnXML=1, and its result codes in words.
/** DataLink's answer code from `<results>n</results>`; the named fields for a status read. */
export function parseDatalinkXml(xml: string): { code: number | null; fields: Record<string, string> } {
  const inner = /<results>([\s\S]*)<\/results>/.exec(xml)?.[1]?.trim() ?? '';
  if (/^-?\d+$/.test(inner)) return { code: Number(inner), fields: {} };
  const fields: Record<string, string> = {};
  for (const m of inner.matchAll(/<(\w+)>([^<]*)<\/\1>/g)) fields[m[1]] = m[2];
  return { code: null, fields };
}

const DATALINK_MESSAGES: Record<string, string> = {
  '0': 'the action failed', '-1': 'authentication failed (check the DataLink user and password)', '-2': 'subscription id invalid for this action', '-3': 'no record of the subscription',
  '-4': 'subscription belongs to another account', '-5': 'action arguments invalid or missing', '-6': 'action invalid', '-7': 'internal error at CCBill',
  '-8': 'this server\'s address is not allowed for DataLink', '-9': 'account not permitted to perform the action', '-10': 'account not set up for DataLink', '-12': 'locked for an hour after failed logins',
  '-15': 'over the refund threshold', '-16': 'over the void threshold', '-23': 'transaction limit reached', '-24': 'purchase limit reached',
};

/** What a DataLink answer code means, in words. */
export const datalinkMessage = (code: number) => DATALINK_MESSAGES[String(code)] ?? 'unknown code';
