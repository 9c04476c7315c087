// The feed page (GET /api/blogs, /api/blogs/all) as its JSON answer: one statement for the page and everything its
// views need (projections/feed-query.ts), with the fans' pages, and their answers per kind of viewer, kept in
// memory while the read models are unchanged.
import type { z } from 'zod';
import type { PostPage } from '../../domain/post/wire';
import { feedBundle, feedPageWithSession, viewerEntitlements, viewerPartOf, type FeedBundle, type FeedPage, type ViewerEntitlements } from '../../projections/feed-query';
import { createReadCache, readCacheOptions } from '../read-cache';
import type { feedQuery } from '../schemas/post';
import type { Caller, PendingSession } from '../auth';
import { viewerAs, viewsOf } from './post-views';
import type { Services } from '../services';

export const FEED_PAGE_SIZE = 10;
/** How long a page's finished answer is kept (its signed links were issued for an hour). */
const ANSWER_MS = 10_000;

export function feedPageReader(services: Services) {
  const db = () => services.database.db;
  // The fans' pages are the hottest read of the site and the same for every viewer but for their unlocks,
  // likes and membership. A page read once is kept while the read models are unchanged (every running
  // projection runner sees every event, so a write anywhere moves the version), at most 10 s, and never past
  // the next scheduled post's time. A viewer's entitlements are kept the same way; their part of a page is
  // worked out from them on every request.
  const fanPages = createReadCache<FeedPage>({ ...readCacheOptions(services), ttlMs: 10_000, maxEntries: 500 });
  const viewers = createReadCache<ViewerEntitlements>({ ...readCacheOptions(services), ttlMs: 10_000, maxEntries: 5_000 });
  const entitlementsOf = async (userId: string, nowMs: number) => {
    const hit = viewers.get(userId, nowMs);
    if (hit) return hit;
    const version = viewers.version();
    const e = await viewerEntitlements(db(), userId);
    viewers.set(userId, e, version, nowMs);
    return e;
  };
  // The finished answer of a kept fans' page, per kind of viewer: viewers with the same role and membership and the
  // same unlocks and likes on that page get the same JSON, so it is built and serialised once. Signed links in it
  // are issued for an hour; an answer is kept at most 10 s, so none goes out with much less than that left.
  const answers = createReadCache<string>({ ...readCacheOptions(services), ttlMs: ANSWER_MS, maxEntries: 2_000 });
  /**
   * The answer for `who`: a request's caller, or its pending session (api/auth.ts) when the session was not kept in
   * memory. A fans' page that is not kept is then read with the session in one statement; a kept one needs only the
   * session.
   */
  const build = async (who: { caller: Caller | null; pendingSession: PendingSession | null }, { page_num, feed_tag_id }: z.infer<typeof feedQuery>, audience: 'fans' | 'staff'): Promise<string> => {
    const answerVersion = answers.version(); // before anything is read: a change meanwhile is not kept
    const now = services.clock();
    const nowIso = now.toISOString();
    const key = `${page_num}|${feed_tag_id ?? ''}`;
    const cached = audience === 'fans' ? fanPages.get(key, now.getTime()) : undefined;
    let read: FeedBundle | null = null;
    const version = fanPages.version();
    const pending = who.pendingSession;
    if (pending && audience === 'fans' && !cached) {
      const r = await feedPageWithSession(services.database, { tokenHash: pending.tokenHash, nowIso, page: page_num, pageSize: FEED_PAGE_SIZE, feedTagId: feed_tag_id || null });
      await pending.admitWith(r.session);
      read = r.bundle; // null: not the page of this caller (none, a proxy session, a guest's page): read below
    } else if (pending) await pending.admit();
    const c = who.caller;
    let b: FeedBundle;
    let answerKey: string | null = null;
    if (cached) {
      b = { ...cached, ...(c ? viewerPartOf(await entitlementsOf(c.userId, now.getTime()), cached.rows) : { unlocked: new Set(), liked: new Set(), memberUntil: null, memberTier: null }) };
    } else {
      // One statement for the page and everything its views need (projections/feed-query.ts).
      b = read ?? (await feedBundle(services.database, { audience, page: page_num, pageSize: FEED_PAGE_SIZE, nowIso, feedTagId: feed_tag_id || null, userId: c?.userId ?? null }));
      if (audience === 'fans') {
        const { rows, media, tags, settings, total, nextDueAt, tiers } = b;
        fanPages.set(key, { rows, media, tags, settings, total, nextDueAt, tiers }, version, now.getTime(), nextDueAt ? new Date(nextDueAt).getTime() : undefined);
      }
    }
    const viewer = viewerAs(c, b, nowIso);
    if (cached) {
      answerKey = `${key}|${viewer.role ?? 'guest'}|${viewer.isSubscriber}|${viewer.tierRank ?? 0}|${[...b.unlocked].join(',')}|${[...b.liked].join(',')}`;
      const answer = answers.get(answerKey, now.getTime());
      if (answer) return answer;
    }
    const page: PostPage = {
      blogs: viewsOf(services, viewer, b),
      currentPage: page_num,
      totalPages: Math.max(1, Math.ceil(b.total / FEED_PAGE_SIZE)),
      totalPosts: b.total,
    };
    // The envelope of api/http.ts ok(), serialised here so that a kept answer is sent as it is.
    const answer = JSON.stringify({ success: 1, data: page });
    if (answerKey) {
      const until = Math.min(now.getTime() + ANSWER_MS, b.nextDueAt ? new Date(b.nextDueAt).getTime() : Number.POSITIVE_INFINITY);
      answers.set(answerKey, answer, answerVersion, now.getTime(), until);
    }
    return answer;
  };
  return build;
}
