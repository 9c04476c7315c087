// Requests that write or read posts: the fans' feed and the composer's create, edit, delete, reuse and review.
// The console's POST /admin-api/posts takes the composer's body too.
import { z } from 'zod';
import { POST_MESSAGES } from '../../domain/post/post';

export const pageQuery = z.object({ page_num: z.coerce.number({ error: 'page_num must be a number.' }).int().min(1).max(100_000).default(1) });
/** The feed-tag filter: an empty value means every post. */
export const feedQuery = pageQuery.extend({
  feed_tag_id: z.union([z.literal(''), z.string().uuid({ error: 'feed_tag_id is invalid.' })], { error: 'feed_tag_id is invalid.' }).optional(),
});
export const idQuery = z.object({ id: z.string({ error: 'id is required.' }).uuid({ error: 'id is invalid.' }) });

const uuid = (name: string) => z.string({ error: `${name} is required.` }).uuid({ error: `${name} is invalid.` });
const uuids = (name: string, message = `${name} must be a list of ids.`) => z.array(z.string().uuid({ error: message }), { error: message }).max(1000, { error: message });
/** An optional id where null (or '') means "none". */
const optionalId = (name: string) =>
  z
    .union([z.literal(''), z.null(), z.string().uuid({ error: `${name} is invalid.` })], { error: `${name} is invalid.` })
    .optional()
    .transform((v) => (v === '' ? null : v));
/** Whole dollars as typed; anything unreadable becomes NaN, which the price rule answers with the settings' bounds. */
const amount = z
  .union([z.number(), z.string(), z.null()], { error: 'amount is invalid.' })
  .optional()
  .transform((v) => (v === undefined || v === null ? null : typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v)));
const isoDate = (name: string) =>
  z
    .union([z.literal(''), z.null(), z.iso.datetime({ error: `${name} must be an ISO date.`, offset: true })], { error: `${name} must be an ISO date.` })
    .optional()
    .transform((v) => v || null);
/** A membership tier id; null, '' or 'base' mean every subscriber (a post's, or a locked message's: api/schemas/chat.ts). */
export const minTierId = z
  .union([z.literal(''), z.null(), z.string().max(64, { error: 'min_tier_id is invalid.' })], { error: 'min_tier_id is invalid.' })
  .optional()
  .transform((v) => (v === '' ? null : v));
const flag = z.union([z.boolean(), z.literal(1), z.literal(0), z.literal('true'), z.literal('false')], { error: 'keep_original_date must be true or false.' }).transform((v) => v === true || v === 1 || v === 'true');
const caption = z.string({ error: 'description must be text.' }).max(5000, { error: 'Caption cannot be more than 5000 characters.' });

export const createPostBody = z.object({
  caption: caption.default(''),
  description: caption.optional(),
  visibility: z.enum(['locked', 'private', 'public'], { error: 'visibility must be locked, private or public.' }),
  amount,
  media_ids: uuids('media_ids', 'media_ids must be media ids.').default([]),
  preview_media_id: optionalId('preview_media_id'),
  category_id: optionalId('category_id'),
  feed_tags: uuids('feed_tags').optional(),
  publish_at: isoDate('publish_at'),
  min_tier_id: minTierId,
});

export const editBody = z.object({
  postId: uuid('postId'),
  description: z.string({ error: 'description is required.' }).max(5000, { error: 'Caption cannot be more than 5000 characters.' }),
  isPublicPost: z.enum(['private', 'public'], { error: 'isPublicPost must be private or public.' }).optional(),
  media_preview_item: optionalId('media_preview_item'),
  min_tier_id: minTierId,
});

export const deleteBody = idQuery.extend({ requestFrom: z.unknown().optional(), pageNum: z.unknown().optional(), feedTagId: z.unknown().optional() });

export const reuseBody = z.object({
  _id: uuid('_id'),
  description: caption.default(''),
  amount,
  date: isoDate('date'),
  keep_original_date: flag.optional(),
  media_item: uuids('media_item').optional(),
  media_preview_item: optionalId('media_preview_item'),
  feed_tags: uuids('feed_tags').optional(),
});

export const reviewBody = z.object({
  blog_id: uuid('blog_id'),
  description: caption.default(''),
  media: uuids('media', POST_MESSAGES.selectMedia).default([]),
  media_preview: optionalId('media_preview'),
  amount,
  feed_tags: uuids('feed_tags').optional(),
});
