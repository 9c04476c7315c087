// The console's dashboard (GET /admin-api/dashboard): today's earnings, new and active subscribers, posts, and
// the last 30 days' earnings by day and by source, from the earnings, subscribers and posts read models.
import type { AdminDashboard } from '../domain/payment/wire';
import { countPosts, subscriberCounts } from './console-lists';
import { earningsBySource, earningsLastDays } from './earnings';

type Db = Parameters<typeof earningsLastDays>[0];

export async function adminDashboard(db: Db, nowIso: string): Promise<AdminDashboard> {
  const todayIso = `${nowIso.slice(0, 10)}T00:00:00.000Z`;
  const [days, subs, posts] = await Promise.all([earningsLastDays(db, nowIso), subscriberCounts(db, nowIso, todayIso), countPosts(db)]);
  const bySource = await earningsBySource(db, days[0]?.day ?? nowIso.slice(0, 10));
  return {
    today_earnings_cents: days[days.length - 1]?.cents ?? 0,
    new_subscribers_today: subs.newToday,
    active_subscribers: subs.active,
    total_posts: posts,
    earnings_30d: days,
    earnings_by_source_30d: bySource,
  };
}
