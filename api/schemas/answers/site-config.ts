// The success answers of api/routes/site-config.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

export const siteConfigAnswers: RouteAnswers = {
  'GET /api/settings/email-configuration': {
    200: answer(z.object({
      source: z.enum(['outbox', 'console', 'environment']),
      host: z.string(),
      port: z.number(),
      security: z.enum(['none', 'starttls', 'tls']),
      username: z.string(),
      password: z.enum(['set', 'not set']),
      from_email: z.string(),
      from_name: z.string(),
    })),
  },
  'POST /api/settings/email-configuration': {
    200: answer(z.object({
      source: z.enum(['outbox', 'console', 'environment']),
      host: z.string(),
      port: z.number(),
      security: z.enum(['none', 'starttls', 'tls']),
      username: z.string(),
      password: z.enum(['set', 'not set']),
      from_email: z.string(),
      from_name: z.string(),
    })),
  },
  'DELETE /api/settings/email-configuration': {
    200: answer(z.object({
      source: z.enum(['outbox', 'console', 'environment']),
      host: z.string(),
      port: z.number(),
      security: z.enum(['none', 'starttls', 'tls']),
      username: z.string(),
      password: z.enum(['set', 'not set']),
      from_email: z.string(),
      from_name: z.string(),
    })),
  },
  'POST /api/settings/email-configuration/test': {
    200: z.union([
      z.object({ to: z.string(), subject: z.string(), text: z.string() }),
      z.object({ status: z.enum(['sent', 'failed', 'queued']), outbox_id: z.string() }),
    ]),
  },
  'GET /api/settings/aws-settings': {
    200: answer(z.object({
      source: z.literal('environment'),
      storage: z.enum(['local', 's3']),
      bucket: z.string().nullable(),
      endpoint: z.string().nullable(),
      region: z.string().nullable(),
      force_path_style: z.boolean().nullable(),
      credentials: z.enum(['set', 'default chain']).nullable(),
      max_upload_mb: z.number(),
    })),
  },
  'GET /api/settings/redis-cache-setting': {
    200: answer(z.object({
      source: z.literal('environment'),
      kind: z.literal('in-process'),
      enabled: z.boolean(),
      variable: z.string(),
      nodes: z.string(),
    })),
  },
  'GET /api/settings/platform-settings': {
    200: answer(z.object({
      effective_site_url: z.string(),
      public_url_env: z.string().nullable(),
      database: z.enum(['postgres', 'pglite']),
      event_store: z.string(),
      site_url: z.string(),
      site_language: z.string(),
    })),
  },
  'POST /api/settings/platform-settings': {
    200: answer(z.object({
      effective_site_url: z.string(),
      public_url_env: z.string().nullable(),
      database: z.enum(['postgres', 'pglite']),
      event_store: z.string(),
      site_url: z.string(),
      site_language: z.string(),
    })),
  },
  'GET /api/settings/seo-setting': {
    200: answer(z.object({
      seo_title: z.string(),
      seo_description: z.string(),
      seo_image_url: z.string().nullable(),
      seo_discourage_indexing: z.boolean(),
    })),
  },
  'POST /api/settings/seo-setting': {
    200: answer(z.object({
      seo_title: z.string(),
      seo_description: z.string(),
      seo_image_url: z.string().nullable(),
      seo_discourage_indexing: z.boolean(),
    })),
  },
  'GET /api/settings/recaptcha-setting': {
    200: answer(z.object({
      kind: z.literal('proof-of-work'),
      actions: z.tuple([z.literal('register'), z.literal('login'), z.literal('subscription'), z.literal('add_card')]),
      is_recaptcha_enabled: z.boolean(),
      bot_check_difficulty: z.number(),
    })),
  },
  'POST /api/settings/recaptcha-setting': {
    200: answer(z.object({
      kind: z.literal('proof-of-work'),
      actions: z.tuple([z.literal('register'), z.literal('login'), z.literal('subscription'), z.literal('add_card')]),
      is_recaptcha_enabled: z.boolean(),
      bot_check_difficulty: z.number(),
    })),
  },
  'GET /api/bot-check/challenge': {
    200: answer(z.union([
      z.object({ enabled: z.literal(false) }),
      z.object({ enabled: z.literal(true), challenge: z.string(), difficulty: z.number(), expires_at: z.string() }),
    ])),
  },
  'GET /api/settings/csv-download': {
    200: answer(z.object({
      exports: z.array(z.union([
        z.object({ resource: z.literal('users'), label: z.literal('Users'), list: z.literal('/users') }),
        z.object({ resource: z.literal('subscribers'), label: z.literal('Subscribers'), list: z.literal('/subscribers') }),
        z.object({ resource: z.literal('transactions'), label: z.literal('Transactions'), list: z.literal('/transactions') }),
        z.object({ resource: z.literal('cancellations'), label: z.literal('Cancellations'), list: z.literal('/cancellation') }),
        z.object({
          resource: z.literal('promotions'),
          label: z.literal('Promotion reports'),
          list: z.literal('/promotion-reports'),
        }),
        z.object({
          resource: z.literal('contact-messages'),
          label: z.literal('Contact inbox'),
          list: z.literal('/contact-messages'),
        }),
      ])),
      recent: z.array(z.object({
        id: z.string(),
        recorded_at: z.string(),
        actor_email: z.string().nullable(),
        resource: z.string().optional().describe('The exported list (absent on an older record).'),
        rows: z.number().optional(),
      })),
    })),
  },
};
