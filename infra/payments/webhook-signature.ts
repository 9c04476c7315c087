// Webhook signatures, as payment providers do them: HMAC-SHA256 over "<timestamp>.<raw body>" with a shared secret,
// sent as `t=<unix seconds>,v1=<hex>`. The timestamp bounds replays; the comparison is constant-time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-fanclub-gateway-signature';
/** A notice older (or further in the future) than this is refused even with a good signature. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export function signWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export function verifyWebhook(secret: string, body: string, header: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  return timingSafeEqual(Buffer.from(parts.v1, 'hex'), Buffer.from(hmac(secret, t, body), 'hex'));
}
