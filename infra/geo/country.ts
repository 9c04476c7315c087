// Country of an IP address from the GeoIP data set packaged with geoip-country (no network lookups).
import { createRequire } from 'node:module';

type Lookup = (ip: string) => { country: string } | null;
let lookup: Lookup | null = null;

/** ISO 3166 alpha-2 code, or null for private, loopback and unknown addresses. */
export function countryOf(ip: string): string | null {
  lookup ??= (createRequire(import.meta.url)('geoip-country') as { lookup: Lookup }).lookup;
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return lookup(plain)?.country ?? null;
}
