// Locked media is reachable only by those entitled: a locked gallery post's originals are fetched as a
// guest, as a subscriber who has not bought the post, and as its buyer. Only the buyer gets the files; the
// others get the blurred previews and nothing else, whatever URL they try (bare keys, another file's
// signature, a tampered or expired signature).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SANDBOX_TEST_CARDS } from '../../domain/card/wire';
import { startTestServer, TEST_CARD_FORM, type Backend, type TestServer } from '../support/server';

const BACKENDS: Backend[] = ['pglite', 'postgres'];

describe.each(BACKENDS)('locked media entitlement matrix (%s)', (backend) => {
  let t: TestServer;
  let admin: string;
  let subscriber: string;
  let buyer: string;
  let postId: string;
  let ownerView: { media: { url: string; thumbnail_url: string; blur_url: string }[] };

  const register = async (email: string) => (await t.call('POST', '/api/users/register', { name: 'Fan', email, password: 'fan password 1' })).body.data.token as string;
  const subscribe = async (token: string) => {
    const r = await t.call('POST', '/api/v2/purchase/subscription', { ...TEST_CARD_FORM, cardNumber: SANDBOX_TEST_CARDS.approve }, { token });
    expect(r.body.data?.accepted, JSON.stringify(r.body)).toBe(true);
  };
  const upload = async (name: string, colour: string) => {
    // Noise gives the picture detail, so blurring it is measurable.
    const noise = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).composite([{ input: noise, blend: 'overlay' }]).jpeg().toBuffer();
    const presign = (await t.call('POST', '/api/upload/generate_presigned_url', { file_name: name, content_type: 'image/jpeg' }, { token: admin })).body.data;
    expect((await fetch(t.base + presign.presigned_url, { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);
    return (await t.call('POST', '/api/media', { file_name: presign.file_name, content_type: 'image/jpeg' }, { token: admin })).body.data.id as string;
  };
  const view = async (token?: string) => {
    const r = await t.call('GET', `/api/blog/get-blog-data-by-id?id=${postId}`, undefined, { token });
    expect(r.status).toBe(200);
    return r.body.data as { isLocked: boolean; media: { url: string | null; thumbnail_url: string | null; blur_url: string }[] };
  };
  const get = async (url: string) => (await fetch(t.base + url)).status;
  /** Every way a non-entitled viewer could try to reach the files behind a signed URL. */
  const attempts = (signedUrl: string) => {
    const u = new URL(signedUrl, 'http://x');
    const bare = u.pathname;
    const sig = u.searchParams.get('sig')!;
    const exp = u.searchParams.get('exp')!;
    const flipped = sig.slice(0, -1) + (sig.endsWith('a') ? 'b' : 'a');
    return [
      bare,
      `${bare}?exp=${exp}`,
      `${bare}?exp=${exp}&sig=${flipped}`,
      `${bare}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${bare}?exp=${Math.floor(Date.now() / 1000) - 10}&sig=${sig}`,
    ];
  };

  beforeAll(async () => {
    t = await startTestServer(backend);
    admin = (await t.call('POST', '/api/users/login', { email: t.adminEmail, password: t.adminPassword })).body.data.token;
    const media = [await upload('one.jpg', '#aa3355'), await upload('two.jpg', '#3355aa'), await upload('three.jpg', '#55aa33')];
    const created = await t.call('POST', '/api/blogs', { caption: 'Locked gallery', visibility: 'locked', amount: 12, media_ids: media }, { token: admin });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    postId = created.body.data._id;
    subscriber = await register('subscriber@example.com');
    await subscribe(subscriber);
    buyer = await register('buyer@example.com');
    await subscribe(buyer);
    const bought = await t.call('POST', '/api/v2/purchase/blog-content-purchase', { blogId: postId, amount: 12 }, { token: buyer });
    expect(bought.body.data?.accepted, JSON.stringify(bought.body)).toBe(true);
    ownerView = (await view(admin)) as typeof ownerView;
    expect(ownerView.media).toHaveLength(3);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the buyer is handed signed URLs for every original and thumbnail, and they work', async () => {
    const v = await view(buyer);
    expect(v.isLocked).toBe(false);
    for (const m of v.media) {
      expect(m.url).toMatch(/\?exp=\d+&sig=/);
      expect(await get(m.url!)).toBe(200);
      expect(await get(m.thumbnail_url!)).toBe(200);
    }
  });

  it.each([
    ['a guest', () => undefined],
    ['a subscriber who has not bought the post', () => subscriber],
  ])('%s gets no URL to any original, only the blurred previews', async (_who, token) => {
    const v = await view(token());
    expect(v.isLocked).toBe(true);
    for (const m of v.media) {
      expect(m.url).toBeNull();
      expect(m.thumbnail_url).toBeNull();
      expect(await get(m.blur_url)).toBe(200);
    }
  });

  it('no original or thumbnail of the post opens without its own valid signature', async () => {
    for (const m of ownerView.media) {
      for (const signed of [m.url, m.thumbnail_url]) {
        for (const attempt of attempts(signed)) expect({ attempt, status: await get(attempt) }).toEqual({ attempt, status: 403 });
      }
    }
    // Another file's valid signature does not open this one.
    const [a, b] = ownerView.media;
    const sigOfB = new URL(b.url, 'http://x').search;
    expect(await get(new URL(a.url, 'http://x').pathname + sigOfB)).toBe(403);
  });

  it('HEAD follows the same rules as GET: size and type with a valid signature, 403 without, and no body', async () => {
    const [m] = ownerView.media;
    const head = await fetch(t.base + m.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
    expect(head.headers.get('content-type')).toMatch(/^image\//);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    for (const attempt of attempts(m.url)) expect({ attempt, status: (await fetch(t.base + attempt, { method: 'HEAD' })).status }).toEqual({ attempt, status: 403 });
  });

  it('the blurred preview differs from the original (it is not the original under another name)', async () => {
    const [m] = ownerView.media;
    const original = Buffer.from(await (await fetch(t.base + m.url)).arrayBuffer());
    const blur = Buffer.from(await (await fetch(t.base + m.blur_url)).arrayBuffer());
    expect(blur.equals(original)).toBe(false);
    const [o, b] = await Promise.all([sharp(original).stats(), sharp(blur).stats()]);
    // Blurring flattens detail: the preview's sharpness is far below the original's.
    expect(b.sharpness).toBeLessThan(o.sharpness);
  });
});
