// The success answers of api/routes/staff.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { adminUserRecord } from './shapes';
import { siteSettingsRecord } from './site-settings-record';

const adminAuditRecord = z.object({
  id: z.string(),
  recorded_at: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_role: z.string().nullable(),
  proxy_admin_id: z.string().nullable(),
  action: z.string(),
  subject_user_id: z.string().nullable(),
  stream_id: z.string(),
  ip: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});

/** One mail in the outbox, as the console's outbox list and page show it. */
const outboxMail = z.object({
  error: z.string().nullable(),
  text: z.string(),
  id: z.string(),
  status: z.string(),
  created_at: z.string(),
  subject: z.string(),
  sent_at: z.string().nullable(),
  html: z.string().nullable(),
  to: z.string(),
});

export const staffAnswers: RouteAnswers = {
  'POST /api/users/login-as-proxy-user': {
    200: answer(z.object({ token: z.string(), expires_at: z.string() })),
  },
  'POST /api/admin/update_user_block_status': {
    200: answer(z.null()),
  },
  'GET /api/admin/delete_user': {
    200: answer(z.null()),
  },
  'POST /api/admin/update_is_photo_id_accepted_status': {
    200: answer(z.null()),
  },
  'POST /api/admin/update_hide_from_chat_status': {
    200: answer(z.null()),
  },
  'POST /api/users/save_email_preferences': {
    200: answer(z.null()),
  },
  'POST /api/admin/give_complimentary_subscription': {
    200: answer(z.null()),
  },
  'POST /api/users/get_users_list': {
    200: answer(z.object({
      users: z.array(adminUserRecord),
      currentPage: z.number(),
      totalPages: z.number(),
      view: z.enum(['subscribers', 'fans', 'staff', 'blocked', 'all']),
    })),
  },
  'POST /admin-api/users': {
    201: adminUserRecord.extend({ generated_password: z.string().nullable().describe('The generated password, shown once (null: the admin chose one).') }),
  },
  'PUT /admin-api/users/:id': {
    200: adminUserRecord.extend({ version: z.number() }),
  },
  'GET /admin-api/audit': {
    200: z.array(adminAuditRecord),
  },
  'GET /admin-api/audit/:id': {
    200: adminAuditRecord,
  },
  'GET /admin-api/outbox': {
    200: z.array(outboxMail),
  },
  'GET /admin-api/outbox/:id': {
    200: outboxMail,
  },
  'GET /admin-api/settings/:id': { 200: siteSettingsRecord },
  'PUT /admin-api/settings/:id': { 200: siteSettingsRecord },
};
