// Mass-message audiences by behaviour: besides "subscribers" (send_to), a message may go to the fans a rule finds
// at send time — the top spenders (the top N, or everyone who spent at least $X, over the last N days), expired
// subscribers, the subscribers who never bought a post, the fans who bought it, or the members of a tier and the tiers
// ranked above it (a creator's tiers are a ladder: what VIP gets, the higher tiers get too). Such a message reaches only the
// fans found when it is sent (never later subscribers); the read models answer the rule with one query
// (api/queries/mass-audience.ts), and the audience snapshot on the mass message's stream keeps delivery idempotent.
import { ValidationError } from '../shared/validation';

export type SegmentKind = 'top_spenders' | 'expired' | 'bought_post' | 'not_bought_post' | 'tier';
export const SEGMENT_KINDS: readonly SegmentKind[] = ['top_spenders', 'expired', 'bought_post', 'not_bought_post', 'tier'];

export type MassSegment =
  /** Spent in the last `days` days: the `top` biggest spenders, and/or everyone at or above `minSpentCents`. */
  | { kind: 'top_spenders'; top: number | null; minSpentCents: number | null; days: number }
  /** Fans whose subscription has ended. */
  | { kind: 'expired' }
  /** Fans who bought the post (any version of it). */
  | { kind: 'bought_post'; postId: string }
  /** Current subscribers who have not bought the post. */
  | { kind: 'not_bought_post'; postId: string }
  /** Current members whose tier, at send time, ranks at least as high as this tier's. */
  | { kind: 'tier'; tierId: string };

export const TOP_SPENDERS_MAX = 100_000;
export const SPEND_DAYS_MAX = 3650;
export const DEFAULT_SPEND_DAYS = 30;

export const SEGMENT_TEXTS = {
  topOrMin: 'Choose how many top spenders, or a minimum amount spent.',
  top: `top must be a whole number between 1 and ${TOP_SPENDERS_MAX}.`,
  minSpent: 'min_spent must be an amount of at least $0.01.',
  days: `days must be a whole number between 1 and ${SPEND_DAYS_MAX}.`,
  postMissing: 'Choose the post.',
  postNotFound: 'Post not found.',
  tierMissing: 'Choose the tier.',
  tierNotFound: 'Choose a tier that is offered.',
} as const;

/** The first problem of a segment's numbers, as a ValidationError naming the field (audience.<field>). */
export function validateSegment(s: MassSegment): void {
  if (s.kind === 'top_spenders') {
    if (s.top === null && s.minSpentCents === null) throw new ValidationError('audience.top', SEGMENT_TEXTS.topOrMin);
    if (s.top !== null && (!Number.isInteger(s.top) || s.top < 1 || s.top > TOP_SPENDERS_MAX)) throw new ValidationError('audience.top', SEGMENT_TEXTS.top);
    if (s.minSpentCents !== null && (!Number.isInteger(s.minSpentCents) || s.minSpentCents < 1)) throw new ValidationError('audience.min_spent', SEGMENT_TEXTS.minSpent);
    if (!Number.isInteger(s.days) || s.days < 1 || s.days > SPEND_DAYS_MAX) throw new ValidationError('audience.days', SEGMENT_TEXTS.days);
  }
  if ((s.kind === 'bought_post' || s.kind === 'not_bought_post') && !s.postId) throw new ValidationError('audience.post_id', SEGMENT_TEXTS.postMissing);
  if (s.kind === 'tier' && !s.tierId) throw new ValidationError('audience.tier_id', SEGMENT_TEXTS.tierMissing);
}

/** An audience by behaviour, as the console sends and shows it. */
export interface MassAudienceView {
  type: SegmentKind;
  /** In words: "Top 10 spenders, last 30 days". */
  label: string;
  top: number | null;
  min_spent_cents: number | null;
  days: number | null;
  post_id: string | null;
  tier_id: string | null;
}

/** `tierName`: the name of a tier segment's tier, for its label. */
export function segmentView(s: MassSegment, tierName?: string): MassAudienceView {
  return {
    type: s.kind, label: segmentLabel(s, s.kind === 'tier' ? tierName : undefined),
    top: s.kind === 'top_spenders' ? s.top : null,
    min_spent_cents: s.kind === 'top_spenders' ? s.minSpentCents : null,
    days: s.kind === 'top_spenders' ? s.days : null,
    post_id: s.kind === 'bought_post' || s.kind === 'not_bought_post' ? s.postId : null,
    tier_id: s.kind === 'tier' ? s.tierId : null,
  };
}

/** The start of a top-spenders window ending at `nowIso`. */
export const spendSince = (nowIso: string, days: number) => new Date(Date.parse(nowIso) - days * 86_400_000).toISOString();

const dollars = (cents: number) => `$${(cents / 100).toFixed(2).replace(/\.00$/, '')}`;

/** The audience in words, for the console's lists ("Top 10 spenders, last 30 days"); `name`: the post's title or the tier's name. */
export function segmentLabel(s: MassSegment, name?: string): string {
  const post = name ? `“${name}”` : 'a post';
  switch (s.kind) {
    case 'top_spenders': {
      const who =
        s.top !== null && s.minSpentCents !== null
          ? `Top ${s.top} spenders of ${dollars(s.minSpentCents)} or more`
          : s.top !== null
            ? `Top ${s.top} spenders`
            : `Fans who spent ${dollars(s.minSpentCents ?? 0)} or more`;
      return `${who}, last ${s.days} days`;
    }
    case 'expired':
      return 'Expired subscribers';
    case 'bought_post':
      return `Fans who bought ${post}`;
    case 'not_bought_post':
      return `Subscribers who never bought ${post}`;
    case 'tier':
      return name ? `Members of ${name} and above` : 'Members of a tier and above';
  }
}
