// The storage contract against the S3 adapter, talking to a real S3-protocol server: s3rver on 127.0.0.1 with a
// free port and a temporary directory, started here and stopped after. No mocks: presigned URLs are fetched from
// s3rver itself. The adapter creates its bucket (the first call finds it missing).
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createS3Storage } from '../../infra/storage/s3';
import { selfSigned } from '../../infra/storage/self-signed';
import { startS3rver } from '../support/s3rver';
import { startAppLikeServer } from './app-like-server';
import { storageContract } from './contract';

const s3On = (s3: { endpoint: string; accessKeyId: string; secretAccessKey: string }, bucket: string) =>
  createS3Storage({ endpoint: s3.endpoint, region: 'us-east-1', bucket, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true });

storageContract('S3 (s3rver)', async () => {
  const s3 = await startS3rver();
  const storage = s3On(s3, 'fanclub-test');
  return {
    storage,
    baseUrl: s3.endpoint,
    // s3rver 3.7.1 checks presigned URL expiry but not SigV4 signatures.
    serverChecksSignatures: false,
    async stop() {
      storage.close();
      await s3.stop();
    },
  };
}, { serverChecksSignatures: false, keepsAbortedPuts: true });

// How the server uses S3: the bucket as a byte store behind the app's own signed URLs, served by the app.
storageContract('S3 (s3rver) behind the app\'s signed URLs', async () => {
  const s3 = await startS3rver();
  const bytes = s3On(s3, 'fanclub-app');
  const storage = selfSigned(bytes, 'k'.repeat(32));
  const server = await startAppLikeServer(storage);
  return {
    storage,
    baseUrl: server.baseUrl,
    serverChecksSignatures: true,
    async stop() {
      await server.close();
      bytes.close();
      await s3.stop();
    },
  };
}, { serverChecksSignatures: true, keepsAbortedPuts: true });

// s3rver does not check SigV4 signatures, so the contract's tamper case is skipped above. Instead, check the
// presigned URLs against an independent SigV4 (query-string) verifier written from AWS's spec: the genuine URLs
// verify, tampered ones (signature, key, expiry, method) do not. Real S3 makes exactly this check.
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function sigV4QueryValid(method: string, url: URL, secret: string): boolean {
  const q = url.searchParams;
  const given = q.get('X-Amz-Signature');
  const credential = q.get('X-Amz-Credential');
  const amzDate = q.get('X-Amz-Date');
  if (!given || !credential || !amzDate || q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return false;
  const [, date, region, service] = credential.split('/');
  const signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((h) => (h === 'host' ? `host:${url.host}\n` : null))
    .join('');
  if (headers.includes('null')) return false; // only host is expected to be signed
  const canonical = [method, url.pathname, query, headers, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = credential.split('/').slice(1).join('/');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return hmac(key, toSign).toString('hex') === given;
}

describe('S3 presigned URLs (independent SigV4 check)', () => {
  const storage = createS3Storage({
    endpoint: 'http://127.0.0.1:9', // never contacted: presigning is offline
    region: 'eu-west-1',
    bucket: 'fanclub-sig',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    forcePathStyle: true,
  });

  it.each(['GET', 'PUT'] as const)('a %s URL verifies; tampered copies do not', async (method) => {
    const k = 'staging/0b7d9c1e-2f3a-4b5c-8d9e-0123456789ab/photo.jpg';
    const url = new URL(await (method === 'GET' ? storage.signedGetUrl(k, 60) : storage.signedPutUrl(k, 60)));
    const secret = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(sigV4QueryValid(method, url, secret)).toBe(true);
    expect(sigV4QueryValid(method === 'GET' ? 'PUT' : 'GET', url, secret)).toBe(false);
    expect(sigV4QueryValid(method, url, 'another-secret')).toBe(false);

    const sig = new URL(url);
    const s = sig.searchParams.get('X-Amz-Signature')!;
    sig.searchParams.set('X-Amz-Signature', s.slice(0, -1) + (s.endsWith('a') ? 'b' : 'a'));
    expect(sigV4QueryValid(method, sig, secret)).toBe(false);

    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace('photo.jpg', 'other.jpg');
    expect(sigV4QueryValid(method, otherKey, secret)).toBe(false);

    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '604800');
    expect(sigV4QueryValid(method, longer, secret)).toBe(false);
  });
});
