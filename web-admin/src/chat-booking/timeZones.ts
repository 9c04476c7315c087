// The IANA time zones this browser knows, as select choices (the saved zone stays listed even if it does not know it).
const FALLBACK = ['UTC', 'Europe/London', 'Europe/Berlin', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Sydney'];

export function timeZoneChoices(current: string): { id: string; name: string }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : FALLBACK;
  const all = known.includes('UTC') ? known : ['UTC', ...known];
  const list = current && !all.includes(current) ? [current, ...all] : all;
  return list.map((z) => ({ id: z, name: z.replace(/_/g, ' ') }));
}
