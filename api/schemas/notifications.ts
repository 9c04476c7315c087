// Request shapes of the notification centre and help centre routes (api/routes/notifications.ts, help.ts).
import { z } from 'zod';
import { HELP_AUDIENCES, HELP_LIMITS, HELP_MESSAGES } from '../../domain/help/help';
import { NOTIFICATION_KINDS } from '../../domain/notification/notification';

const bool = (field: string) => z.boolean({ error: `${field} must be true or false.` });
const kind = z.enum(NOTIFICATION_KINDS, { error: `type must be one of ${NOTIFICATION_KINDS.join(', ')}.` });
const page = z.coerce.number({ error: 'pageNum must be a whole number from 1.' }).int({ error: 'pageNum must be a whole number from 1.' }).min(1, { error: 'pageNum must be a whole number from 1.' }).max(100_000, { error: 'pageNum is too large.' });
const id = (field: string) => z.string({ error: `${field} is required.` }).regex(/^[A-Za-z0-9_-]{1,100}$/, { error: `${field} is invalid.` });

/** GET /api/notifications/list/:type?page=&promotionId= */
export const notificationListParams = z.object({ type: kind }).strict();
export const notificationListQuery = z.object({ page: page.optional(), promotionId: id('promotionId').optional() }).strip();
/** POST /api/notifications/read {type}: the page of that type was opened. */
export const notificationReadBody = z.object({ type: kind }).strip();
/** POST /api/notifications/opened {blog_id}: a post opened from a notification (/feed/:blog_id/:from_notification). */
export const notificationOpenedBody = z.object({ blog_id: id('blog_id') }).strip();
/** POST /api/settings/purchase-notification-settings */
export const purchaseNotificationSettingsBody = z.object({
  purchased: bool('purchased'), subscription: bool('subscription'), comments: bool('comments'), likes: bool('likes'),
}).strip();

/** POST /api/user-help/list, /api/help/list {pageNum, tag?}; …/list/notifications {pageNum} */
export const helpListBody = z.object({ pageNum: page.optional(), tag: z.string({ error: 'tag must be text.' }).max(HELP_LIMITS.tag, { error: HELP_MESSAGES.tagTooLong }).optional() }).strip();
export const helpIdParams = z.object({ id: id('id') }).strict();
/** POST /api/settings/help-settings {influencer_help_enabled} */
export const helpSettingsBody = z.object({ influencer_help_enabled: bool('influencer_help_enabled') }).strip();
/** POST /admin-api/help-items, PUT /admin-api/help-items/:id */
export const helpItemBody = z.object({
  title: z.string({ error: HELP_MESSAGES.titleRequired }).max(HELP_LIMITS.title * 2, { error: HELP_MESSAGES.titleTooLong }),
  html: z.string({ error: HELP_MESSAGES.htmlRequired }).max(HELP_LIMITS.html, { error: HELP_MESSAGES.htmlTooLong }),
  tags: z.array(z.string({ error: 'tags must be a list of text.' }).max(HELP_LIMITS.tag, { error: HELP_MESSAGES.tagTooLong }), { error: 'tags must be a list of text.' }).max(HELP_LIMITS.tags * 3, { error: HELP_MESSAGES.tooManyTags }).default([]),
  audience: z.enum(HELP_AUDIENCES, { error: 'audience must be fans, staff or both.' }).default('fans'),
  is_popup: bool('is_popup').default(false),
  published: bool('published').default(true),
}).strip();
