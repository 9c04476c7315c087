// Scheduled posts going live: no event marks the moment a scheduled post's time comes (the feed filters on
// publish_at), so each node looks every few seconds for posts whose time came since it last looked and tells its
// own sockets, as the event rule tells them of a post published at once (POST_PUBLISHED with the post's id;
// domain/realtime/audience.ts). A node that was down when a time came says nothing of it: the fan reads the feed
// when the page opens.
import { postNews } from '../../domain/realtime/audience';
import { postsGoneLive } from '../../projections/posts';
import type { Services } from '../services';
import type { Hub } from './hub';

export const SCHEDULED_POSTS_INTERVAL_MS = 5_000;

export function createScheduledPostNews(services: Services, hub: Hub, intervalMs = SCHEDULED_POSTS_INTERVAL_MS) {
  let since: string | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;

  async function look() {
    const now = services.clock().toISOString();
    if (since === null || since >= now) {
      since = since ?? now;
      return;
    }
    const ids = await postsGoneLive(services.database.db, since, now);
    since = now;
    for (const id of ids) {
      const f = postNews('POST_PUBLISHED', id);
      hub.announce({ type: f.type, data: f.data }, f.audience, { hideEarnings: false });
    }
  }

  /** One look (tests call it after moving the clock); looks never overlap. */
  const tick = (): Promise<void> => (running ??= look().catch((e) => console.error('[realtime] scheduled posts could not be read', e)).finally(() => (running = null)));

  return {
    start() {
      since = services.clock().toISOString();
      timer ??= setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    tick,
  };
}

export type ScheduledPostNews = ReturnType<typeof createScheduledPostNews>;
