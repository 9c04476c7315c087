// Mass and welcome message requests (domain/chat/mass-wire.ts lists the calls). Field messages name the field;
// the content rules and their messages are the domain's (domain/chat/mass-message.ts validateMassMessage).
import { z } from 'zod';
import { centsFromDollars } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { NEW_USER_DELAYS, SEND_TO } from '../../domain/chat/delivery';
import { lockedAmountBetween } from '../../domain/chat/chat-message';
import { DEFAULT_SPEND_DAYS, SEGMENT_KINDS, SEGMENT_TEXTS, validateSegment, type MassSegment } from '../../domain/chat/audience';
import { pageNum, uuid } from './chat';
import { minTierId } from './post';

const mediaIds = z.array(z.string().uuid({ error: 'media is invalid.' }), { error: 'media is invalid.' }).max(1000, { error: 'media is invalid.' });
/** One preview id; a list is accepted so that more than one gets the spec's text, not a type error. */
const preview = z.union([z.string().uuid({ error: 'media_preview is invalid.' }), z.array(z.string().uuid({ error: 'media_preview is invalid.' })).max(100)], { error: 'media_preview is invalid.' })
  .nullable()
  .optional();
const amount = z.union([z.number(), z.string().max(20)], { error: 'amount is invalid.' });
const delay = z.union([z.number(), z.string().max(10)], { error: 'delay_by_hours is invalid.' });

const content = {
  message: z.string({ error: 'message is invalid.' }).optional().default(''),
  type: z.enum(['text', 'photo', 'video', 'gallery'], { error: 'type is invalid.' }).optional().default('text'),
  isLocked: z.enum(['locked', 'free'], { error: "isLocked must be 'locked' or 'free'." }).optional().default('locked'),
  amount: amount.optional(),
  /** A locked message for members of this tier and above (null: every subscriber who gets it). */
  min_tier_id: minTierId,
  media: mediaIds.optional().default([]),
  media_preview: preview,
  send_to: z.enum(SEND_TO as [string, ...string[]], { error: 'send_to must be EVERYONE, ONLY_EXISTING or ONLY_NEW.' }),
  delay_by_hours: delay.nullable().optional(),
  uniqueId: z.string().trim().min(1).max(100).optional(),
};

const count = (field: string) => z.union([z.number(), z.string().max(12)], { error: `audience.${field} is invalid.` }).nullable().optional();

/** An audience by behaviour (domain/chat/audience.ts); absent or 'subscribers': the subscribers send_to names. */
const audience = z
  .object({
    type: z.enum(['subscribers', ...SEGMENT_KINDS] as [string, ...string[]], { error: 'audience.type must be subscribers, top_spenders, expired, bought_post, not_bought_post or tier.' }),
    top: count('top'),
    /** Dollars, e.g. 50 or "49.99". */
    min_spent: count('min_spent'),
    days: count('days'),
    post_id: z.string().uuid({ error: 'audience.post_id is invalid.' }).nullable().optional(),
    /** type tier: the lowest tier that gets it (its members and those of higher tiers). */
    tier_id: z.string({ error: 'audience.tier_id is invalid.' }).max(64, { error: 'audience.tier_id is invalid.' }).nullable().optional(),
  }, { error: 'audience is invalid.' })
  .nullable()
  .optional();

const blank = (v: number | string | null | undefined) => v === null || v === undefined || v === '';

/** The body's audience as the command takes it (null: subscribers), its numbers checked (the post's existence is the route's). */
export function segmentOf(a: z.infer<typeof audience>): MassSegment | null {
  if (!a || a.type === 'subscribers') return null;
  let segment: MassSegment;
  if (a.type === 'top_spenders') {
    const minSpentCents = blank(a.min_spent) ? null : centsFromDollars(a.min_spent as number | string);
    if (minSpentCents === null && !blank(a.min_spent)) throw new ValidationError('audience.min_spent', SEGMENT_TEXTS.minSpent);
    segment = { kind: 'top_spenders', top: blank(a.top) ? null : Number(a.top), minSpentCents, days: blank(a.days) ? DEFAULT_SPEND_DAYS : Number(a.days) };
  } else if (a.type === 'expired') segment = { kind: 'expired' };
  else if (a.type === 'tier') segment = { kind: 'tier', tierId: a.tier_id ?? '' };
  else segment = { kind: a.type as 'bought_post' | 'not_bought_post', postId: a.post_id ?? '' };
  validateSegment(segment);
  return segment;
}

export const audienceCountBody = z.object({
  send_to: z.enum(SEND_TO as [string, ...string[]], { error: 'send_to must be EVERYONE, ONLY_EXISTING or ONLY_NEW.' }).optional().default('EVERYONE'),
  audience,
});

export const sendMassBody = z.object({
  ...content,
  audience,
  send_to: content.send_to.optional().default('EVERYONE'),
  new_user_message_delay: z.enum(NEW_USER_DELAYS as [string, ...string[]], { error: 'new_user_message_delay must be STAGGER_OVER_TIME, IMMEDIATELY or DELAY_BY_HOURS.' }).optional().default('STAGGER_OVER_TIME'),
  scheduled_at: z.string().datetime({ offset: true, error: 'scheduled_at must be an ISO-8601 date.' }).nullable().optional(),
  /**
   * A library category: its id, or { name, isNew: true } for a new one (as a post's category {id, name, isNew});
   * the message's media go into it.
   */
  category: z
    .union([
      z.string().trim().max(100, { error: 'category is invalid.' }),
      z.object({ id: z.string().trim().max(100).nullable().optional(), name: z.string().max(1000, { error: 'Category name cannot be more than 30 characters.' }).optional(), isNew: z.boolean().optional() }),
    ], { error: 'category is invalid.' })
    .nullable()
    .optional(),
});

/** The body's category as the command takes it: an id, a new name, or none. */
export function categoryOf(category: z.infer<typeof sendMassBody>['category']): string | { newName: string } | null {
  if (category == null || category === '') return null;
  if (typeof category === 'string') return category;
  if (category.isNew) return { newName: category.name ?? '' };
  return category.id || null;
}

export const welcomeBody = z.object({
  ...content,
  _id: uuid('_id').optional(),
  send_to: content.send_to.optional().default('ONLY_NEW'),
  // A new subscriber gets the welcome message at once unless the creator chose a delay.
  new_user_message_delay: z.enum(['IMMEDIATELY', 'DELAY_BY_HOURS'], { error: 'new_user_message_delay must be IMMEDIATELY or DELAY_BY_HOURS.' }).optional().default('IMMEDIATELY'),
});

export const resendBody = z.object({ _id: uuid('_id'), media: mediaIds.optional(), media_preview: z.string().uuid({ error: 'media_preview is invalid.' }).nullable().optional() });

export const listQuery = z.object({
  page: pageNum,
  per_page: z.coerce.number().int().min(1, { error: 'per_page is invalid.' }).max(100, { error: 'per_page is invalid.' }).optional().default(20),
  status: z.enum(['', 'scheduled', 'processing', 'sending', 'sent', 'cancelled', 'error'], { error: 'status is invalid.' }).optional().default(''),
});

export const idParams = z.object({ id: uuid('id') });
export const purchasedByQuery = z.object({ promotion_id: z.string().max(100).optional() });

type ContentBody = z.infer<typeof sendMassBody> | z.infer<typeof welcomeBody>;

/** The body's content as the commands take it: whole-dollar amount (default 20) in cents, the delay in hours. */
export function contentOf(body: ContentBody, bounds: { min: number; max: number }) {
  const locked = body.isLocked === 'locked';
  let priceCents = 0;
  if (locked) {
    const cents = body.amount === undefined || body.amount === '' ? 2000 : centsFromDollars(body.amount);
    if (cents === null || cents % 100 !== 0) throw new ValidationError('amount', lockedAmountBetween(bounds.min, bounds.max));
    priceCents = cents;
  }
  const previews = body.media_preview == null ? [] : Array.isArray(body.media_preview) ? body.media_preview : [body.media_preview];
  let delayByHours: number | null = null;
  if (body.new_user_message_delay === 'DELAY_BY_HOURS' && body.delay_by_hours != null && body.delay_by_hours !== '') {
    delayByHours = Number(body.delay_by_hours);
    if (!Number.isFinite(delayByHours)) throw new ValidationError('delay_by_hours', 'delay_by_hours is invalid.');
  }
  return {
    messageType: body.type as 'text' | 'photo' | 'video' | 'gallery',
    text: body.message,
    mediaIds: body.media,
    previewMediaIds: previews,
    locked,
    priceCents,
    sendTo: body.send_to as 'EVERYONE' | 'ONLY_EXISTING' | 'ONLY_NEW',
    delayByHours,
    uniqueId: body.uniqueId ?? null,
    minTierId: body.min_tier_id ?? null,
  };
}
