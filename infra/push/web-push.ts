// The push-service adapter (RFC 8030 + VAPID RFC 8292 + payload encryption RFC 8291, aes128gcm), through the
// `web-push` package: it builds the signed, encrypted request; we send it with fetch (a timeout, no retries here:
// commands/push-sender.ts decides what an answer means).
//
// VAPID keys: a P-256 key pair derived from the app's signing secret (FANCLUB_SECRET, or the one generated into the
// data folder on the first start: api/media-storage.ts), so it is made on the first start, kept with the other
// secrets, the same on every node that shares the secret, and never written to an event, an answer or a log.
// Only the public key leaves the server (the browsers need it to subscribe).
import { createECDH, createHmac } from 'node:crypto';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

// The order of P-256: a private key must be in [1, n-1].
const P256_N = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

export function vapidKeysFromSecret(secret: string, subject: string): VapidKeys {
  for (let i = 0; ; i++) {
    const d = createHmac('sha256', secret).update(`web-push-vapid-key/${i}`).digest();
    const n = BigInt(`0x${d.toString('hex')}`);
    if (n === 0n || n >= P256_N) continue; // about once in 2^32: take the next one
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: d.toString('base64url'), subject };
  }
}

export interface WebPushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export function createWebPushSender(keys: VapidKeys, options: { timeoutMs?: number } = {}) {
  return async (target: WebPushTarget, payload: string, o: { ttlSeconds: number; topic: string; urgency: 'normal' | 'high' }): Promise<{ status: number | null; error?: string }> => {
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: keys, TTL: o.ttlSeconds, topic: o.topic, urgency: o.urgency, contentEncoding: 'aes128gcm',
    });
    try {
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body as Buffer) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      return { status: res.status };
    } catch (e) {
      return { status: null, error: (e as Error).message };
    }
  };
}
