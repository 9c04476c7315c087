// Live streaming reads (projections/live-sessions.ts) shaped for the apps: the settings with the media server's
// status, the session on air as the caller may see it, its viewers and comments, and the sessions report (money
// only for the roles that see chat earnings).
import { DomainError } from '../../domain/shared/decider';
import { seesChatEarnings } from '../../domain/chat/roles';
import { LIVE_STAFF_VIEWER_ROLES, NO_LIVE_STREAM, SEES_LIVE_TIP_TOTAL } from '../../domain/live/live-session';
import { STAFF_ROLES, type Role } from '../../domain/shared/wire';
import { currentSettings } from '../../projections/settings';
import { findWallet } from '../../projections/wallet';
import { findLiveSession, liveComments, liveSessionOnAir, liveViewersNow, listLiveSessions, type LiveSessionRow } from '../../projections/live-sessions';
import type { Caller } from '../auth';
import type { Services } from '../services';

const REPORT_PAGE_SIZE = 20;
const COMMENTS_PAGE_SIZE = 50;

const isStaff = (role: Role) => STAFF_ROLES.includes(role);

/** May this caller see that this session is on air: a group session everyone signed in; a one-to-one its fan and staff. */
const maySee = (s: LiveSessionRow, c: Caller) => s.is_group || isStaff(c.role) || s.fan_id === c.userId;

export function liveQueries(services: Services) {
  const db = () => services.database.db;

  /** The session on air and its viewers, for a caller who must be inside it (a viewer, its publisher, watching staff). */
  const insideSession = async (c: Caller, { publisherCounts }: { publisherCounts: boolean }) => {
    const s = await liveSessionOnAir(db());
    if (!s || !maySee(s, c)) throw new DomainError(NO_LIVE_STREAM, 'NO_LIVE_STREAM', 404);
    const viewers = await liveViewersNow(db(), s.id);
    const watching = viewers.some((v) => v.user_id === c.userId) || (publisherCounts && s.publisher_id === c.userId);
    if (!watching && !LIVE_STAFF_VIEWER_ROLES.includes(c.role)) throw new DomainError('Join the live stream first.', 'NOT_IN_STREAM', 403);
    return { s, viewers };
  };

  return {
    settings: async () => {
      const s = await currentSettings(db());
      return {
        enable_live_streaming: s.enable_live_streaming,
        live_streaming_server_url: s.live_streaming_server_url,
        price_per_minute: s.live_price_per_minute_cents / 100,
        price_per_minute_cents: s.live_price_per_minute_cents,
        live_stream_report_enabled: s.live_stream_report_enabled,
        media: services.liveMedia.status(),
      };
    },

    /**
     * The session on air as the caller may see it (null: none, or not theirs to see). The fan of a billed one-to-one
     * also gets the call: its price, what was charged, the call time so far (`callSeconds` plus the running stretch
     * since `billingSince`, on the server's clock `serverNow`) and their wallet balance.
     */
    current: async (c: Caller) => {
      const s = await liveSessionOnAir(db());
      if (!s || !maySee(s, c)) return null;
      const viewers = await liveViewersNow(db(), s.id);
      const billed = !s.is_group && (s.price_per_minute_cents ?? 0) > 0 && s.fan_id === c.userId && !c.proxyAdminId;
      const call = billed
        ? {
            pricePerMinuteCents: s.price_per_minute_cents ?? 0, minutesCharged: s.minutes_charged ?? 0, chargedCents: s.charged_cents ?? 0, callSeconds: s.call_seconds ?? 0,
            billingSince: s.billing_since ?? null, serverNow: services.clock().toISOString(), walletBalanceCents: Number((await findWallet(db(), c.userId))?.balance_cents ?? 0),
          }
        : null;
      return {
        sessionId: s.id, isGroup: s.is_group, userId: s.fan_id, publisherId: s.publisher_id, publisherName: s.publisher_name, startedAt: s.started_at, pubId: s.pub_id ?? null,
        viewers: viewers.length, isJoined: viewers.some((v) => v.user_id === c.userId), isPublisher: s.publisher_id === c.userId,
        pricePerMinuteCents: s.price_per_minute_cents ?? 0,
        ...(call ? { call } : {}),
        ...(SEES_LIVE_TIP_TOTAL.includes(c.role) ? { tipTotalCents: s.tips_cents } : {}),
      };
    },

    /** A fan to go live with one-to-one (GO LIVE from the chat header). */
    isFan: async (userId: string) => {
      const fan = await db().withSchema('rm').selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirst();
      return !!fan && fan.role === 'user';
    },

    /** The session's comments, a page counted from the newest (viewers, its publisher, watching staff). */
    comments: async (c: Caller, pageNum: number) => {
      const { s } = await insideSession(c, { publisherCounts: true });
      const rows = await liveComments(db(), s.id, pageNum, COMMENTS_PAGE_SIZE);
      return {
        sessionId: s.id,
        messages: rows.map((m) => ({ _id: m.id, type: 'text', message: m.message, sender_id: m.user_id, name: m.name, from_admin: m.from_admin, amount: 0, is_anonymous: false, created: m.posted_at })),
      };
    },

    /** Viewers (not the proxy view) and the publisher's side ask for the list. */
    viewers: async (c: Caller) => {
      const { s, viewers } = await insideSession(c, { publisherCounts: false });
      return { sessionId: s.id, count: viewers.length, userList: viewers.map((v) => ({ _id: v.user_id, name: v.name, avatarUrl: v.avatar_url, count: v.connections })) };
    },

    /** The sessions report (get_live_stream_reports). */
    reports: async (c: Caller, q: { userId: string | null; pageNum: number }) => {
      const settings = await currentSettings(db());
      if (c.role === 'content_manager' && !settings.live_stream_report_enabled) throw new DomainError('Live stream reports are turned off.', 'LIVE_REPORTS_OFF', 403);
      const money = seesChatEarnings(c.role, !!settings.hide_earnings);
      const r = await listLiveSessions(db(), { userId: q.userId, page: q.pageNum, pageSize: REPORT_PAGE_SIZE });
      const names = new Map<string, string>();
      const fanIds = [...new Set(r.rows.map((s) => s.fan_id).filter((x): x is string => !!x))];
      if (fanIds.length) for (const u of await db().withSchema('rm').selectFrom('users').select(['id', 'name']).where('id', 'in', fanIds).execute()) names.set(u.id, u.name ?? '');
      return {
        sessions: r.rows.map((s) => ({
          _id: s.id, isGroup: s.is_group, userId: s.fan_id, userName: s.fan_id ? names.get(s.fan_id) ?? '' : null, publisherId: s.publisher_id, publisherName: s.publisher_name,
          status: s.status, startedAt: s.started_at, endedAt: s.stopped_at, durationSeconds: s.duration_seconds, stopReason: s.stop_reason,
          viewers: s.viewers_total ?? 0, peakViewers: s.peak_viewers ?? 0, comments: s.comments ?? 0,
          tipsCount: money ? s.tips_count ?? 0 : null, tipsCents: money ? s.tips_cents : null, minutesCharged: s.minutes_charged ?? 0,
          chargedCents: money ? s.charged_cents : null, earningsCents: money ? (s.tips_cents ?? 0) + (s.charged_cents ?? 0) : null,
          recording: { status: s.recording_status, mediaId: s.recording_media_id, bytes: s.recording_bytes, durationSeconds: s.recording_seconds },
        })),
        total: r.total,
        currentPage: q.pageNum,
        totalPages: Math.max(1, Math.ceil(r.total / REPORT_PAGE_SIZE)),
      };
    },

    /** One session by id (a stopped one too): the reports page opens it. */
    session: async (c: Caller, id: string) => {
      const s = await findLiveSession(db(), id);
      if (!s) throw new DomainError('Session not found.', 'NOT_FOUND', 404);
      const money = seesChatEarnings(c.role, !!(await currentSettings(db())).hide_earnings);
      return { ...s, tips_cents: money ? s.tips_cents : null, charged_cents: money ? s.charged_cents : null };
    },
  };
}
