// Request bodies of the live streaming calls (api/routes/stream.ts and live-reports.ts). The session's own
// rules (comment length, tip bounds, who may start) live in domain/live; these only parse and bound the bodies.
import { z } from 'zod';
import { TAB_TOKEN } from '../../domain/live/live-session';
import { cardChoice } from './payment';

const bool = (field: string) => z.boolean({ error: `${field} must be true or false.` });
export const id = (field: string) => z.string({ error: `${field} is invalid.` }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: `${field} is invalid.` });

export const saveSettingsBody = z.object({
  enable_live_streaming: bool('enable_live_streaming').optional(),
  live_streaming_server_url: z.string({ error: 'live_streaming_server_url is invalid.' }).trim().max(300, { error: 'live_streaming_server_url is too long.' })
    .refine((v) => v === '' || /^(https?|wss?):\/\/[^\s]+$/.test(v), { error: 'live_streaming_server_url must be an http(s) or ws(s) address.' }).optional(),
  price_per_minute: z.union([z.number(), z.string()], { error: 'price_per_minute is invalid.' }).optional(),
  live_stream_report_enabled: bool('live_stream_report_enabled').optional(),
});
export const startBody = z.object({
  userId: id('userId').optional(),
  isGroupLiveStream: bool('isGroupLiveStream').optional().default(false),
  tabToken: z.string({ error: 'tabToken is invalid.' }).regex(TAB_TOKEN, { error: 'tabToken must be 12 hexadecimal characters.' }).optional(),
});
export const streamDataBody = z.object({
  room: z.coerce.number({ error: 'room is invalid.' }).int({ error: 'room is invalid.' }).min(1, { error: 'room is invalid.' }),
  pubId: z.union([z.string(), z.number()], { error: 'pubId is required.' }).transform(String).pipe(z.string().min(1, { error: 'pubId is required.' }).max(40, { error: 'pubId is invalid.' })),
  pubPvtId: z.union([z.string(), z.number()], { error: 'pubPvtId is required.' }).transform(String).pipe(z.string().min(1, { error: 'pubPvtId is required.' }).max(40, { error: 'pubPvtId is invalid.' })),
});
export const addTokenBody = z.object({
  userId: id('userId').optional(),
  /** The price per minute (cents) the fan confirmed before joining a billed one-to-one. */
  price_per_minute_cents: z.number({ error: 'price_per_minute_cents is invalid.' }).int({ error: 'price_per_minute_cents is invalid.' }).min(0, { error: 'price_per_minute_cents is invalid.' }).optional(),
});
export const removeTokenBody = z.object({ streamToken: z.string({ error: 'streamToken is invalid.' }).max(100, { error: 'streamToken is invalid.' }).optional(), userId: id('userId').optional() });
export const sendMessageBody = z.object({
  // Length and blankness are the session's rule (500 group / 1000 one-to-one, the spec's texts); this only bounds the body.
  message: z.string({ error: 'Please type message.' }).max(5000, { error: 'Maximum 1000 characters allowed.' }),
  type: z.string().max(20).optional(),
  fromAdmin: z.boolean().optional(),
  senderId: z.string().max(64).optional(),
  message_from_admin: z.boolean().optional(),
});
export const sendTipsBody = cardChoice.extend({
  amount: z.union([z.number(), z.string()], { error: 'amount is required.' }),
  is_anonymous: bool('is_anonymous').optional().default(false),
  payment_method: z.enum(['card', 'wallet'], { error: "payment_method must be 'card' or 'wallet'." }).optional().default('card'),
  tipMessage: z.string({ error: 'Message is too long.' }).max(20_000, { error: 'Message is too long.' }).optional().default(''),
});
export const reportsBody = z.object({
  userId: id('userId').optional(),
  pageNum: z.coerce.number({ error: 'pageNum is invalid.' }).int().min(1).max(100_000).optional().default(1),
});
export const messagesBody = z.object({ pageNum: z.coerce.number({ error: 'pageNum is invalid.' }).int().min(1).max(100_000).optional().default(1) });
