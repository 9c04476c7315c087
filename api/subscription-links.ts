// The subscription links' signer: HMAC-SHA256 with a key derived from the app's signing secret
// (api/media-storage.ts signingSecret: FANCLUB_SECRET or the data folder's secret.key), so links survive restarts
// and every node of a cluster signs alike; compared in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../infra/config';
import type { LinkSigner } from '../commands/admin-tools';
import { signingSecret } from './media-storage';

const signers = new WeakMap<Config, LinkSigner>();

export function linkSigner(cfg: Config): LinkSigner {
  let s = signers.get(cfg);
  if (!s) {
    const key = createHmac('sha256', signingSecret(cfg)).update('subscription-links').digest();
    const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
    s = {
      sign,
      verify(payload, signature) {
        const want = Buffer.from(sign(payload));
        const got = Buffer.from(signature);
        return want.length === got.length && timingSafeEqual(want, got);
      },
    };
    signers.set(cfg, s);
  }
  return s;
}
