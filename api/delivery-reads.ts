// The read-model side of mass/welcome message delivery (commands/message-delivery.ts DeliveryReads): which
// messages have work left, who is subscribed now, and which later subscribers each live message may reach.
import { sql, type Kysely } from 'kysely';
import type { DeliveryReads } from '../commands/message-delivery';
import type { FutureCandidate, NewUserDelay } from '../domain/chat/delivery';
import type { ReadModels } from '../projections/schema';
import { pendingMassMessages } from '../projections/mass-messages';
import { massAudience } from './queries/mass-audience';

/** How far back a later subscriber is looked at: the longest wait (stagger or delay) plus a week of slack. */
const SLACK_HOURS = 24 * 7;

export const deliveryReads = (db: Kysely<ReadModels>): DeliveryReads => ({
  pendingMassMessages: (nowIso, limit) => pendingMassMessages(db, nowIso, limit),

  // Subscribed now (paid up to a time still ahead), or the fans an audience by behaviour finds; muted fans get no mass message.
  currentAudience: (nowIso, kind, segment) => massAudience(db, nowIso, kind, segment),

  async futureCandidates(nowIso, settings) {
    const longest = await sql<{ h: number | null }>`SELECT max((delay_by_hours)::text::float) AS h FROM rm.mass_messages
      WHERE status IN ('sending', 'sent') AND send_to <> 'ONLY_EXISTING'`.execute(db);
    const horizonHours = Math.max(settings.stagger_max_hours, settings.mass_message_default_delay_hours, Number(longest.rows[0]?.h ?? 0)) + SLACK_HOURS;
    const since = new Date(Date.parse(nowIso) - horizonHours * 3_600_000).toISOString();
    // Later subscribers (first subscribed after the message went out, still subscribed), each live message that
    // reaches new subscribers (the current welcome version only), and whether the fan has its copy already.
    const r = await sql<{
      mass_id: string; kind: 'mass' | 'welcome'; new_user_delay: NewUserDelay; delay_by_hours: unknown; audience_at: Date | string; user_id: string; started_at: Date | string;
      muted: boolean; delivered: boolean;
    }>`SELECT mm.id AS mass_id, mm.kind, mm.new_user_delay, mm.delay_by_hours, mm.audience_at, s.user_id, s.started_at,
        COALESCE(m.mass_messages_muted, false) AS muted,
        EXISTS (SELECT 1 FROM rm.chat_messages c WHERE c.fan_id = s.user_id AND c.mass_message_id = mm.id) AS delivered
      FROM rm.subscribers s
      JOIN rm.users u ON u.id = s.user_id AND u.role = 'user'
      JOIN rm.mass_messages mm ON mm.audience_at IS NOT NULL AND s.started_at > mm.audience_at
      LEFT JOIN rm.members m ON m.user_id = s.user_id
      WHERE s.started_at >= ${since}::timestamptz AND s.expires_at > ${nowIso}::timestamptz
        AND COALESCE(m.deleted, false) = false AND COALESCE(m.blocked, false) = false
        AND mm.status IN ('sending', 'sent') AND mm.send_to <> 'ONLY_EXISTING'
        AND (mm.kind = 'mass' OR mm.current_welcome = true)`.execute(db);
    const iso = (v: Date | string) => new Date(v).toISOString();
    return r.rows.map((x): FutureCandidate => ({
      massId: x.mass_id, kind: x.kind, newUserDelay: x.new_user_delay, delayByHours: x.delay_by_hours == null ? null : Number(x.delay_by_hours),
      fanId: x.user_id, subscribedAt: iso(x.started_at), sentAt: iso(x.audience_at), muted: x.muted, delivered: x.delivered,
    }));
  },
});
