// The posts read model applied in memory (a fresh unit of work, as a rebuild runs it): processing and error
// state follows each media item to every post holding it, links follow edits, reviews and deletes, and the kept
// totals follow posts in and out of the feed.
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../infra/eventstore/port';
import { UnitOfWork } from './unit-of-work';
import { postsProjection, type PostRow } from './posts';

const AT = '2026-03-01T10:00:00.000Z';
let seq = 0;
const ev = (type: string, data: Record<string, unknown>): RecordedEvent =>
  ({ id: `e${++seq}`, type, data, metadata: {} as RecordedEvent['metadata'], streamId: 's', revision: 0, position: { tx: 1, seq }, recordedAt: new Date(AT) }) as RecordedEvent;

const uploaded = (mediaId: string) => ev('MediaUploaded', { mediaId, kind: 'photo', fileName: 'x.jpg', contentType: 'image/jpeg', size: 1, uploadedBy: 'a', uploadedAt: AT });
const processed = (mediaId: string) => ev('MediaProcessed', { mediaId, originalKey: 'o', thumbnailKey: 't', blurKey: 'b', width: 1, height: 1 });
const failed = (mediaId: string) => ev('MediaProcessingFailed', { mediaId, reason: 'bad' });
const reprocess = (mediaId: string) => ev('MediaReprocessRequested', { mediaId });
const created = (postId: string, media: string[], extra: Record<string, unknown> = {}) =>
  ev('PostCreated', {
    postId, authorId: 'a', caption: 'c', visibility: 'locked', priceCents: 500, media: media.map((mediaId) => ({ mediaId, kind: 'photo' })),
    previewMediaId: null, publishAt: AT, createdAt: AT, ...extra,
  });

/** The root's stream lists a reuse version (commands/content.ts reusePost). */
const listed = (root: string, versionId: string) => ev('PostVersionAdded', { postId: root, versionId, at: AT });
const deleted = (postId: string) => ev('PostDeleted', { postId, at: AT });

async function apply(events: RecordedEvent[]) {
  const uow = new UnitOfWork({ schema: 'rm', tables: postsProjection.tables, mode: 'fresh' });
  for (const e of events) await postsProjection.apply(e, uow);
  const posts = new Map((uow.rows('posts') as unknown as PostRow[]).map((p) => [p.id, p]));
  const state = (id: string) => {
    const p = posts.get(id)!;
    return { pending: p.pending_media, errored: p.errored_media, visible: p.fan_visible };
  };
  const links = Object.fromEntries(uow.rows('post_media').map((r: any) => [r.media_id, r.post_ids]));
  const stats = uow.rows('post_stats')[0] as { live: number; fan_visible: number } | undefined;
  return { posts, state, links, stats: { live: stats?.live ?? 0, fan_visible: stats?.fan_visible ?? 0 } };
}

describe('posts read model: processing state', () => {
  it('a post is visible to fans once every item, preview included, is processed', async () => {
    const r1 = await apply([uploaded('m1'), uploaded('m2'), uploaded('p'), processed('m1'), created('post', ['m1', 'm2'], { previewMediaId: 'p' })]);
    expect(r1.state('post')).toEqual({ pending: 2, errored: 0, visible: false });
    const r2 = await apply([uploaded('m1'), uploaded('m2'), uploaded('p'), processed('m1'), created('post', ['m1', 'm2'], { previewMediaId: 'p' }), processed('m2'), processed('p')]);
    expect(r2.state('post')).toEqual({ pending: 0, errored: 0, visible: true });
    expect(r2.stats).toEqual({ live: 1, fan_visible: 1 });
  });

  it('a media item shared by two posts (a reuse) moves both; a repeat of a status changes nothing', async () => {
    const r = await apply([
      uploaded('m'), processed('m'), created('a', ['m']), created('b', ['m'], { reuseOf: 'a' }), listed('a', 'b'), reprocess('m'), reprocess('m'),
    ]);
    expect([r.state('a'), r.state('b')]).toEqual([
      { pending: 1, errored: 0, visible: false },
      { pending: 1, errored: 0, visible: false },
    ]);
    expect(r.posts.get('b')).toMatchObject({ root_post_id: 'a', version_of: 'a' });
    expect(r.stats).toEqual({ live: 2, fan_visible: 0 });
    const failedThen = await apply([uploaded('m'), processed('m'), created('a', ['m']), reprocess('m'), failed('m')]);
    expect(failedThen.state('a')).toEqual({ pending: 0, errored: 1, visible: false });
    const fixed = await apply([uploaded('m'), processed('m'), created('a', ['m']), reprocess('m'), failed('m'), reprocess('m'), processed('m')]);
    expect(fixed.state('a')).toEqual({ pending: 0, errored: 0, visible: true });
  });

  it('a review replaces the errored item: links and counts follow', async () => {
    const r = await apply([
      uploaded('good'), processed('good'), uploaded('bad'), created('post', ['good', 'bad']), failed('bad'), uploaded('new'),
      ev('PostReviewed', { postId: 'post', caption: 'fixed', media: [{ mediaId: 'good', kind: 'photo' }, { mediaId: 'new', kind: 'photo' }], previewMediaId: null, priceCents: 700, reviewedAt: AT }),
    ]);
    expect(r.state('post')).toEqual({ pending: 1, errored: 0, visible: false });
    expect(r.links).toMatchObject({ good: ['post'], bad: [], new: ['post'] });
    expect(r.posts.get('post')).toMatchObject({ caption: 'fixed', price_cents: 700, blog_type: 'gallery' });
  });

  it('an edit that sets a preview still processing hides the post until it is done', async () => {
    const edited = (previewMediaId: string | null) => ev('PostEdited', { postId: 'post', caption: 'c', visibility: 'locked', previewMediaId, editedAt: AT });
    const r = await apply([uploaded('m'), processed('m'), created('post', ['m']), uploaded('p'), edited('p')]);
    expect(r.state('post')).toEqual({ pending: 1, errored: 0, visible: false });
    expect(r.stats.fan_visible).toBe(0);
    const removed = await apply([uploaded('m'), processed('m'), created('post', ['m']), uploaded('p'), edited('p'), edited(null)]);
    expect(removed.state('post')).toEqual({ pending: 0, errored: 0, visible: true });
    expect(removed.links.p).toEqual([]);
  });

  it('a delete unlinks the media and leaves both totals', async () => {
    const r = await apply([uploaded('m'), processed('m'), created('a', ['m']), created('b', ['m']), ev('PostDeleted', { postId: 'a', deletedAt: AT })]);
    expect(r.links.m).toEqual(['b']);
    expect(r.state('a').visible).toBe(false);
    expect(r.stats).toEqual({ live: 1, fan_visible: 1 });
  });
});

describe('posts read model: reuse versions', () => {
  it('a version is shown once its root lists it, processing state included', async () => {
    const waiting = await apply([uploaded('m'), processed('m'), created('a', ['m']), created('b', ['m'], { reuseOf: 'a' })]);
    expect([...waiting.posts.keys()]).toEqual(['a']);
    expect(waiting.stats).toEqual({ live: 1, fan_visible: 1 });
    const shown = await apply([uploaded('m'), created('a', ['m']), created('b', ['m'], { reuseOf: 'a' }), processed('m'), listed('a', 'b')]);
    expect(shown.posts.get('b')).toMatchObject({ root_post_id: 'a', version_of: 'a', deleted: false });
    expect(shown.state('b')).toEqual({ pending: 0, errored: 0, visible: true });
    expect(shown.links.m).toEqual(['a', 'b']);
    expect(shown.stats).toEqual({ live: 2, fan_visible: 2 });
  });

  it('a version whose listing never came is never shown, to fans or staff, and holds no media', async () => {
    const r = await apply([uploaded('m'), processed('m'), created('a', ['m']), created('b', ['m'], { reuseOf: 'a' }), created('c', ['m'], { reuseOf: 'a' }), listed('a', 'c')]);
    expect([...r.posts.keys()].sort()).toEqual(['a', 'c']);
    expect(r.links.m).toEqual(['a', 'c']);
    expect(r.stats).toEqual({ live: 2, fan_visible: 2 });
  });

  it('versions written root-first (the listing before the post) are shown at once', async () => {
    const r = await apply([uploaded('m'), processed('m'), created('a', ['m']), listed('a', 'b'), created('b', ['m'], { reuseOf: 'a' })]);
    expect(r.state('b')).toEqual({ pending: 0, errored: 0, visible: true });
    expect(r.stats).toEqual({ live: 2, fan_visible: 2 });
  });

  it('a version deleted while it waited stays out when the listing comes', async () => {
    const r = await apply([uploaded('m'), processed('m'), created('a', ['m']), created('b', ['m'], { reuseOf: 'a' }), deleted('b'), listed('a', 'b')]);
    expect(r.posts.get('b')).toMatchObject({ deleted: true, fan_visible: false });
    expect(r.stats).toEqual({ live: 1, fan_visible: 1 });
  });
});
