// Who gets a mass (or welcome) message and when, and its massMessageType. Pure: the clock and the subscription facts come in.
//
// - send_to: EVERYONE = the subscribers at send time and those who subscribe later; ONLY_EXISTING = only the
//   former; ONLY_NEW = only the latter.
// - A later subscriber's copy waits by new_user_message_delay: IMMEDIATELY (massMessageType PREVIOUS), DELAY_BY_HOURS
//   (DELAYED; one decimal, default 2 h) or STAGGER_OVER_TIME (STAGGER: a spread of stagger_min..max hours — "24 to
//   48 hours per message" — fixed per fan and message, so a restart computes the same time again).
// - At most `stagger_previous_limit` earlier mass messages reach a new subscriber (the most recent ones).
// - Muted fans (the admin flag "mute mass messages") get no mass message; welcome messages are not mass mail.
// The stagger settings and their defaults are site settings (domain/settings/chat-settings.ts).
import type { StaggerSettings } from '../settings/chat-settings';

export type SendTo = 'EVERYONE' | 'ONLY_EXISTING' | 'ONLY_NEW';
export const SEND_TO: readonly SendTo[] = ['EVERYONE', 'ONLY_EXISTING', 'ONLY_NEW'];
export type NewUserDelay = 'STAGGER_OVER_TIME' | 'IMMEDIATELY' | 'DELAY_BY_HOURS';
export const NEW_USER_DELAYS: readonly NewUserDelay[] = ['STAGGER_OVER_TIME', 'IMMEDIATELY', 'DELAY_BY_HOURS'];
/** massMessageType; null: a copy to a subscriber at send time. */
export type MassMessageType = 'WELCOME' | 'STAGGER' | 'DELAYED' | 'RESENT' | 'PREVIOUS';

export const MAX_DELAY_HOURS = 24 * 365;

export const reachesExisting = (sendTo: SendTo) => sendTo !== 'ONLY_NEW';
export const reachesNew = (sendTo: SendTo) => sendTo !== 'ONLY_EXISTING';

/** "Delay-hours input accepts text with at most one decimal point; sent with one decimal". */
export function delayHoursProblem(hours: number): string | null {
  if (!Number.isFinite(hours) || hours <= 0 || hours > MAX_DELAY_HOURS) return `delay_by_hours must be between 0.1 and ${MAX_DELAY_HOURS}.`;
  if (Math.abs(Math.round(hours * 10) - hours * 10) > 1e-9) return 'delay_by_hours may have at most one decimal.';
  return null;
}

/** A small, stable 32-bit hash (FNV-1a) of a string: the stagger of one fan and one message. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The stagger of one message for one fan, in ms: spread evenly over [min, max] hours, the same on every run. */
export function staggerDelayMs(massId: string, fanId: string, s: Pick<StaggerSettings, 'stagger_min_hours' | 'stagger_max_hours'>): number {
  const min = Math.max(0, Math.min(s.stagger_min_hours, s.stagger_max_hours));
  const max = Math.max(s.stagger_min_hours, s.stagger_max_hours);
  const fraction = fnv1a(`${massId}:${fanId}`) / 0x1_0000_0000;
  return Math.round((min + (max - min) * fraction) * 3_600_000);
}

export interface FutureRule {
  massId: string;
  kind: 'mass' | 'welcome';
  newUserDelay: NewUserDelay;
  delayByHours: number | null;
}

/** When a fan who subscribed at `subscribedAt` gets this message, and the copy's marker. */
export function futureCopyDue(rule: FutureRule, fanId: string, subscribedAt: string, s: StaggerSettings): { dueAt: string; type: MassMessageType } {
  const start = Date.parse(subscribedAt);
  const hours = rule.delayByHours ?? s.mass_message_default_delay_hours;
  if (rule.kind === 'welcome') {
    const wait = rule.newUserDelay === 'DELAY_BY_HOURS' ? hours * 3_600_000 : 0;
    return { dueAt: new Date(start + wait).toISOString(), type: 'WELCOME' };
  }
  switch (rule.newUserDelay) {
    case 'IMMEDIATELY':
      return { dueAt: new Date(start).toISOString(), type: 'PREVIOUS' };
    case 'DELAY_BY_HOURS':
      return { dueAt: new Date(start + Math.round(hours * 3_600_000)).toISOString(), type: 'DELAYED' };
    case 'STAGGER_OVER_TIME':
      return { dueAt: new Date(start + staggerDelayMs(rule.massId, fanId, s)).toISOString(), type: 'STAGGER' };
  }
}

/** A mass or welcome message a later subscriber may get (from the read models). */
export interface FutureCandidate extends FutureRule {
  fanId: string;
  subscribedAt: string;
  /** When the message went out to its first audience (orders "earlier mass messages"). */
  sentAt: string;
  muted: boolean;
  /** The fan has this copy already (it still counts towards the limit). */
  delivered: boolean;
}

/**
 * The copies due now among the candidates: the fan's stagger/delay has passed, muted fans get no mass message,
 * and per fan only the `stagger_previous_limit` most recent mass messages (welcome messages are not counted).
 */
export function dueFutureCopies(candidates: FutureCandidate[], now: string, s: StaggerSettings): { massId: string; fanId: string; type: MassMessageType }[] {
  const nowMs = Date.parse(now);
  const byFan = new Map<string, FutureCandidate[]>();
  for (const c of candidates) {
    if (c.kind === 'mass' && c.muted) continue;
    const list = byFan.get(c.fanId) ?? [];
    list.push(c);
    byFan.set(c.fanId, list);
  }
  const due: { massId: string; fanId: string; type: MassMessageType }[] = [];
  for (const [fanId, list] of byFan) {
    const mass = list.filter((c) => c.kind === 'mass').sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.massId.localeCompare(a.massId));
    const kept = [...mass.slice(0, Math.max(0, s.stagger_previous_limit)), ...list.filter((c) => c.kind === 'welcome')];
    for (const c of kept) {
      if (c.delivered) continue;
      const { dueAt, type } = futureCopyDue(c, fanId, c.subscribedAt, s);
      if (Date.parse(dueAt) <= nowMs) due.push({ massId: c.massId, fanId, type });
    }
  }
  return due;
}
