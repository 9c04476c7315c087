// Read model: live sessions — the sessions report (start, end, duration, viewers, peak, tips, earnings,
// billed minutes, the call time of a billed one-to-one, recording), the session on air for the apps (Join Stream, GO LIVE NOW, the ribbon), its viewers
// (SET_VIEWER's list, a count badge for several connections), its tips and its comments.
//
// Tips: a live tip is counted when the session records it (LiveTipReceived, after the capture) and taken back when
// the tip is refunded, voided or charged back (TipReversed of the same tip id), so the report's tips follow the
// earnings report.
import { sql, type Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection, update } from './projection';
import { liveSessionsTables, type ReadModelRows, type ReadModels, type StoreRow } from './schema';

export type LiveSessionRow = StoreRow<'live_sessions'>;
export type LiveViewerRow = StoreRow<'live_viewers'>;
export type LiveTipRow = StoreRow<'live_tips'>;
export type LiveCommentRow = StoreRow<'live_comments'>;

export const liveSessionsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'live-sessions',
  tables: liveSessionsTables,
  handles: [
    'LiveSessionStarted', 'LiveStreamDataSet', 'LiveViewerJoined', 'LiveViewerLeft', 'LivePublisherLost', 'LiveBillingStarted', 'LiveBillingStopped', 'LiveCommentPosted', 'LiveTipReceived',
    'LiveMinuteCharged', 'LiveSessionStopped', 'LiveRecordingReady', 'LiveRecordingMissing', 'TipReversed',
  ],
  async apply(event, store) {
    const session = (id: string, change: (r: LiveSessionRow) => LiveSessionRow) => update<LiveSessionRow>(store, 'live_sessions', { id }, change);
    switch (event.type) {
      case 'LiveSessionStarted': {
        const d = event.data;
        store.put('live_sessions', {
          id: d.sessionId, is_group: d.isGroup, fan_id: d.fanId, publisher_id: d.publisherId, publisher_name: d.publisherName, status: 'live', room: d.room.room, pub_id: null,
          started_at: d.startedAt, stopped_at: null, stop_reason: null, duration_seconds: null, viewers_now: 0, viewers_total: 0, peak_viewers: 0, comments: 0,
          tips_count: 0, tips_cents: 0, minutes_charged: 0, charged_cents: 0, price_per_minute_cents: d.pricePerMinuteCents, recording_status: 'recording', recording_media_id: null, recording_bytes: null, recording_seconds: null,
          billing_since: null, call_seconds: 0,
        });
        return;
      }
      case 'LiveStreamDataSet':
        await session(event.data.sessionId, (r) => ({ ...r, pub_id: event.data.pubId }));
        return;
      case 'LiveViewerJoined': {
        const d = event.data;
        const key = { session_id: d.sessionId, user_id: d.userId };
        const before = await store.get<LiveViewerRow>('live_viewers', key);
        store.put('live_viewers', { ...key, name: d.name, staff: d.staff, connections: d.connections, first_joined_at: before?.first_joined_at ?? d.joinedAt, last_change_at: d.joinedAt });
        await session(d.sessionId, (r) => ({
          ...r, viewers_now: d.viewers, viewers_total: (r.viewers_total ?? 0) + (before ? 0 : 1), peak_viewers: Math.max(r.peak_viewers ?? 0, d.viewers),
        }));
        return;
      }
      case 'LiveViewerLeft': {
        const d = event.data;
        await update<LiveViewerRow>(store, 'live_viewers', { session_id: d.sessionId, user_id: d.userId }, (v) => ({ ...v, connections: d.connections, last_change_at: d.leftAt }));
        await session(d.sessionId, (r) => ({ ...r, viewers_now: d.viewers }));
        return;
      }
      // The publisher's feed is gone with their last connection: viewers wait for the next one.
      case 'LivePublisherLost':
        if (!event.data.present) await session(event.data.sessionId, (r) => ({ ...r, pub_id: null }));
        return;
      case 'LiveBillingStarted':
        await session(event.data.sessionId, (r) => ({ ...r, billing_since: event.data.from }));
        return;
      case 'LiveBillingStopped': {
        const d = event.data;
        const seconds = Math.max(0, Math.round((Date.parse(d.until) - Date.parse(d.since)) / 1000));
        await session(d.sessionId, (r) => ({ ...r, billing_since: null, call_seconds: (r.call_seconds ?? 0) + seconds }));
        return;
      }
      case 'LiveCommentPosted': {
        const d = event.data;
        store.put('live_comments', { id: d.commentId, session_id: d.sessionId, user_id: d.userId, name: d.name, from_admin: d.fromAdmin, message: d.message, posted_at: d.postedAt });
        await session(d.sessionId, (r) => ({ ...r, comments: (r.comments ?? 0) + 1 }));
        return;
      }
      case 'LiveTipReceived': {
        const d = event.data;
        store.put('live_tips', { tip_id: d.tipId, session_id: d.sessionId, user_id: d.userId, name: d.name, amount_cents: d.amountCents, is_anonymous: d.isAnonymous, status: 'sent', received_at: d.receivedAt });
        await session(d.sessionId, (r) => ({ ...r, tips_count: (r.tips_count ?? 0) + 1, tips_cents: (r.tips_cents ?? 0) + d.amountCents }));
        return;
      }
      case 'TipReversed': {
        const d = event.data;
        const tip = await store.get<LiveTipRow>('live_tips', { tip_id: d.tipId });
        if (!tip || tip.status !== 'sent') return;
        store.put('live_tips', { ...tip, status: d.kind });
        await session(tip.session_id!, (r) => ({ ...r, tips_count: (r.tips_count ?? 0) - 1, tips_cents: (r.tips_cents ?? 0) - (tip.amount_cents ?? 0) }));
        return;
      }
      case 'LiveMinuteCharged': {
        const d = event.data;
        await session(d.sessionId, (r) => ({ ...r, minutes_charged: d.minute, charged_cents: (r.charged_cents ?? 0) + d.amountCents }));
        return;
      }
      case 'LiveSessionStopped': {
        const d = event.data;
        await session(d.sessionId, (r) => ({ ...r, status: 'stopped', stopped_at: d.stoppedAt, stop_reason: d.reason, duration_seconds: d.durationSeconds, viewers_now: 0, billing_since: null }));
        return;
      }
      case 'LiveRecordingReady': {
        const d = event.data;
        await session(d.sessionId, (r) => ({ ...r, recording_status: 'ready', recording_media_id: d.mediaId, recording_bytes: Math.round(d.bytes), recording_seconds: Math.round(d.durationSeconds) }));
        return;
      }
      case 'LiveRecordingMissing':
        await session(event.data.sessionId, (r) => ({ ...r, recording_status: 'missing' }));
        return;
    }
  },
});

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

function normalise(r: Record<string, unknown>): LiveSessionRow {
  return {
    ...(r as LiveSessionRow), room: r.room === null ? null : num(r.room), started_at: iso(r.started_at)!, stopped_at: iso(r.stopped_at), tips_cents: num(r.tips_cents), charged_cents: num(r.charged_cents),
    billing_since: iso(r.billing_since), call_seconds: num(r.call_seconds),
    recording_bytes: r.recording_bytes === null ? null : num(r.recording_bytes),
  };
}

/** The session on air, if any. */
export async function liveSessionOnAir(db: Kysely<ReadModels>): Promise<LiveSessionRow | null> {
  const r = await db.withSchema('rm').selectFrom('live_sessions').selectAll().where('status', '=', 'live').orderBy('started_at', 'desc').limit(1).executeTakeFirst();
  return r ? normalise(r as Record<string, unknown>) : null;
}

export async function findLiveSession(db: Kysely<ReadModels>, id: string): Promise<LiveSessionRow | null> {
  const r = await db.withSchema('rm').selectFrom('live_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? normalise(r as Record<string, unknown>) : null;
}

/** Who is watching now (connections > 0), with their avatar when they have one. */
export async function liveViewersNow(db: Kysely<ReadModels>, sessionId: string) {
  const rows = await sql<{ user_id: string; name: string; staff: boolean; connections: number; avatar_url: string | null }>`
    SELECT v.user_id, v.name, v.staff, v.connections, NULL::text AS avatar_url FROM rm.live_viewers v
    WHERE v.session_id = ${sessionId} AND v.connections > 0 ORDER BY v.first_joined_at, v.user_id`.execute(db);
  return rows.rows.map((r) => ({ ...r, connections: Number(r.connections) }));
}

/** The sessions report, newest first; one fan's one-to-one sessions (and group sessions they watched) with `userId`. */
export async function listLiveSessions(db: Kysely<ReadModels>, o: { userId: string | null; page: number; pageSize: number }) {
  const filter = o.userId
    ? sql`WHERE s.fan_id = ${o.userId} OR EXISTS (SELECT 1 FROM rm.live_viewers v WHERE v.session_id = s.id AND v.user_id = ${o.userId})`
    : sql``;
  const [rows, total] = await Promise.all([
    sql<Record<string, unknown>>`SELECT s.* FROM rm.live_sessions s ${filter} ORDER BY s.started_at DESC, s.id DESC LIMIT ${o.pageSize} OFFSET ${(o.page - 1) * o.pageSize}`.execute(db),
    sql<{ n: string }>`SELECT count(*) AS n FROM rm.live_sessions s ${filter}`.execute(db),
  ]);
  return { rows: rows.rows.map(normalise), total: Number(total.rows[0].n) };
}

/** A session's comments, oldest first, a page at a time counted from the newest (older pages as the list scrolls up). */
export async function liveComments(db: Kysely<ReadModels>, sessionId: string, page: number, pageSize: number) {
  const rows = await sql<LiveCommentRow>`SELECT * FROM rm.live_comments WHERE session_id = ${sessionId} ORDER BY posted_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(db);
  return rows.rows.reverse().map((r) => ({ ...r, posted_at: iso(r.posted_at)! }));
}

/** A session's kept tips (not taken back), oldest first. */
export async function liveTips(db: Kysely<ReadModels>, sessionId: string) {
  const rows = await sql<LiveTipRow>`SELECT * FROM rm.live_tips WHERE session_id = ${sessionId} ORDER BY received_at, tip_id`.execute(db);
  return rows.rows.map((r) => ({ ...r, amount_cents: num(r.amount_cents), received_at: iso(r.received_at)! }));
}
