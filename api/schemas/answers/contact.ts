// The success answers of api/routes/contact.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const contactMessageRow = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  user_id: z.string().nullable(),
  status: z.string(),
  received_at: z.string(),
  status_changed_at: z.string().nullable(),
  status_changed_by: z.string().nullable(),
});

export const contactAnswers: RouteAnswers = {
  'POST /api/contact-us': {
    200: answer(z.object({ _id: z.string() })),
  },
  'POST /api/like-the-website': {
    200: answer(z.object({ _id: z.string() })),
  },
  'GET /api/settings/contact-us-settings': {
    200: answer(z.object({
      contact_us_form_enabled: z.boolean(),
      show_like_the_website_form: z.boolean(),
      contact_us_email: z.string(),
    })),
  },
  'POST /api/settings/contact-us-settings': {
    200: answer(z.object({
      contact_us_form_enabled: z.boolean(),
      show_like_the_website_form: z.boolean(),
      contact_us_email: z.string(),
    })),
  },
  'GET /admin-api/contact-messages': {
    200: z.array(contactMessageRow),
  },
  'GET /admin-api/contact-messages/:id': {
    200: z.object({
      id: z.string(),
      kind: z.string(),
      name: z.string(),
      email: z.string(),
      subject: z.string(),
      message: z.string(),
      user_id: z.string().nullable(),
      status: z.string(),
      received_at: z.string(),
      status_changed_at: z.string().nullable(),
      status_changed_by: z.string().nullable(),
    }),
  },
  'PUT /admin-api/contact-messages/:id': {
    200: z.object({
      id: z.string(),
      kind: z.string(),
      name: z.string(),
      email: z.string(),
      subject: z.string(),
      message: z.string(),
      user_id: z.string().nullable(),
      status: z.string(),
      received_at: z.string(),
      status_changed_at: z.string().nullable(),
      status_changed_by: z.string().nullable(),
    }),
  },
};
