// The app's own signed URLs in front of any byte store (local disk, S3): short-lived HMAC signatures over
// method, key and expiry. The API issues them after an entitlement check; /media/<key> and /api/upload/put/<key>
// check them with `verify` and stream the bytes from or into the store.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertSafeKey, type AppStorage, type ByteStore } from './port';

export function selfSigned(store: ByteStore, secret: string, now: () => number = Date.now): AppStorage {
  const sign = (method: string, key: string, exp: number) => createHmac('sha256', secret).update(`${method}\n${key}\n${exp}`).digest('base64url');
  // Expiries are rounded up to a step of a tenth of the lifetime (at most a minute): within a step every view
  // of an item gets the same URL, so browsers reuse what they fetched, and its signature is computed once.
  const expiry = (ttl: number) => {
    const at = Math.floor(now() / 1000) + ttl;
    const step = Math.min(60, Math.floor(ttl / 10));
    return step > 1 ? Math.ceil(at / step) * step : at;
  };
  // The links issued in the current step, by key: the hottest pages sign the same few items again and again.
  const issued = new Map<string, string>();
  const getUrlOnce = (key: string, exp: number) => {
    const id = `${exp}\n${key}`;
    let url = issued.get(id);
    if (url === undefined) {
      assertSafeKey(key);
      if (issued.size >= 20_000) issued.clear();
      url = `/media/${key}?exp=${exp}&sig=${sign('GET', key, exp)}`;
      issued.set(id, url);
    }
    return url;
  };
  return {
    signsOwnUrls: true,
    put: (key, data) => store.put(key, data),
    putStream: (key, body, contentLength) => store.putStream(key, body, contentLength),
    read: (key) => store.read(key),
    readStream: (key, range) => store.readStream(key, range),
    exists: (key) => store.exists(key),
    remove: (key) => store.remove(key),
    size: (key) => store.size(key),
    signedGetUrl: (key, ttl) => getUrlOnce(key, expiry(ttl)),
    signedPutUrl(key, ttl) {
      assertSafeKey(key);
      const exp = expiry(ttl);
      return `/api/upload/put/${key}?exp=${exp}&sig=${sign('PUT', key, exp)}`;
    },
    verify(method, key, exp, sig) {
      if (!exp || !sig || !/^\d+$/.test(exp) || Number(exp) < now() / 1000) return false;
      const expected = Buffer.from(sign(method, key, Number(exp)));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
