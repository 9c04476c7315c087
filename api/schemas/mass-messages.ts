// Mass and welcome message requests (domain/chat/mass-wire.ts lists the calls). Field messages name the field;
// the content rules and their messages are the domain's (domain/chat/mass-message.ts validateMassMessage).
import { z } from 'zod';
import { centsFromDollars } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { NEW_USER_DELAYS, SEND_TO } from '../../domain/chat/delivery';
import { lockedAmountBetween } from '../../domain/chat/chat-message';
import { pageNum, uuid } from './chat';

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
  media: mediaIds.optional().default([]),
  media_preview: preview,
  send_to: z.enum(SEND_TO as [string, ...string[]], { error: 'send_to must be EVERYONE, ONLY_EXISTING or ONLY_NEW.' }),
  delay_by_hours: delay.nullable().optional(),
  uniqueId: z.string().trim().min(1).max(100).optional(),
};

export const sendMassBody = z.object({
  ...content,
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
  new_user_message_delay: z.enum(['IMMEDIATELY', 'DELAY_BY_HOURS'], { error: 'new_user_message_delay must be IMMEDIATELY or DELAY_BY_HOURS.' }).optional().default('DELAY_BY_HOURS'),
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
  };
}
