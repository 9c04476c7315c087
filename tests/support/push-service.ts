// A local push service (RFC 8030) for the tests, and a browser's side of a push subscription: a P-256 key pair and
// an auth secret made as a browser makes them, and the RFC 8291 (aes128gcm) decryption a browser does on receipt.
// The service checks the VAPID Authorization header (RFC 8292: an ES256 JWT for the endpoint's origin, verified
// with the key it carries) and answers each endpoint with the status a test sets (201 by default).
import http from 'node:http';
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's private key (never leaves the browser). */
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The VAPID JWT's claims and key, after its signature was checked. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string } | null;
}

export interface PushService {
  url: string;
  received: ReceivedPush[];
  /** Answer this endpoint path with these statuses, one per request (the last repeats). */
  answer(path: string, ...statuses: number[]): void;
  /**
   * Take requests to this path and answer none of them (a push service that went quiet), until `answer` is called
   * for it again: the sender is caught part-way through a delivery.
   */
  hang(path: string): void;
  subscribe(name: string): BrowserSubscription;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

function checkVapid(header: string | undefined): ReceivedPush['vapid'] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return null;
  const [h, p, s] = m[1].split('.');
  const raw = Buffer.from(m[2], 'base64url');
  // An uncompressed P-256 point as a JWK, to verify the ES256 (IEEE P1363) signature.
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, format: 'jwk' });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) return null;
  const header2 = JSON.parse(Buffer.from(h, 'base64url').toString());
  if (header2.alg !== 'ES256') return null;
  return { ...JSON.parse(Buffer.from(p, 'base64url').toString()), publicKey: m[2] };
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();
  const hanging = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks), vapid: checkVapid(req.headers.authorization) });
      if (hanging.has(path)) return;
      const list = answers.get(path) ?? [201];
      const status = list.length > 1 ? list.shift()! : list[0];
      res.writeHead(status, status === 201 ? { location: `${path}/msg-${received.length}` } : {}).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    received,
    answer: (path, ...statuses) => {
      hanging.delete(path);
      answers.set(path, statuses);
    },
    hang: (path) => void hanging.add(path),
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        endpoint: `${url}/push/${name}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(authSecret) },
        privateKey: ecdh.getPrivateKey(),
        publicKey: ecdh.getPublicKey(),
        authSecret,
      };
    },
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3–§4 with RFC 8188 aes128gcm: what the browser does with a push message's body. */
export function decryptPush(sub: BrowserSubscription, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(sub.privateKey);
  const shared = ecdh.computeSecret(asPublic);
  const prkKey = hmac(sub.authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  if (records.length > rs) throw new Error('more than one record: not expected for a notification');
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('bad padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}
