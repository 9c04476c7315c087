// The success answers of api/routes/reports.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { REPORT_SOURCES, type ReportSource } from '../../../domain/reporting/reporting';

/** One figure per report source (subscriptions … shop): the same shape in every report answer. */
const bySource = <T extends z.ZodTypeAny>(figure: T) => z.object(Object.fromEntries(REPORT_SOURCES.map((s) => [s, figure])) as Record<ReportSource, T>);

export const reportsAnswers: RouteAnswers = {
  'GET /api/reporting-page': {
    200: answer(z.object({
      content_manager_reporting_enabled: z.boolean(),
      reporting_default_group: z.enum(['day', 'week', 'month']),
      hide_earnings: z.boolean(),
    })),
  },
  'PUT /api/reporting-page': {
    200: answer(z.object({
      content_manager_reporting_enabled: z.boolean(),
      reporting_default_group: z.enum(['day', 'week', 'month']),
      hide_earnings: z.boolean(),
    })),
  },
  'GET /admin-api/reports/earnings': {
    200: answer(z.object({
      from: z.string(),
      to: z.string(),
      group: z.enum(['day', 'week', 'month']),
      earnings_hidden: z.boolean(),
      buckets: z.array(z.object({
        period: z.string(),
        total_cents: z.number().nullable(),
        by_source: bySource(z.number().nullable()),
        count: z.number(),
      })),
      totals: z.object({
        total_cents: z.number().nullable(),
        by_source: bySource(z.number().nullable()),
        count: z.number(),
        count_by_source: bySource(z.number()),
        refunded_cents: z.number().nullable(),
        voided_cents: z.number().nullable(),
        charged_back_cents: z.number().nullable(),
      }),
      previous: z.object({
        from: z.string(),
        to: z.string(),
        totals: z.object({
          total_cents: z.number().nullable(),
          by_source: bySource(z.number().nullable()),
          count: z.number(),
          count_by_source: bySource(z.number()),
          refunded_cents: z.number().nullable(),
          voided_cents: z.number().nullable(),
          charged_back_cents: z.number().nullable(),
        }),
      }),
      change_percent: z.number().nullable(),
      change_by_source: bySource(z.number().nullable()),
      tiers: z.array(z.object({
        tier_id: z.string(),
        name: z.string(),
        sales: z.number(),
        net_cents: z.number().nullable(),
        members: z.number(),
      })).describe('Memberships by tier over the range: subscriptions, rebills and upgrades into each tier, net of reversals; its paid-up members now.'),
    })),
  },
  'GET /admin-api/reports/reversals': {
    200: answer(z.object({
      earnings_hidden: z.boolean(),
      totals: z.object({
        void: z.object({ count: z.number(), cents: z.number().nullable() }),
        chargeback: z.object({ count: z.number(), cents: z.number().nullable() }),
        refund: z.object({ count: z.number(), cents: z.number().nullable() }),
      }),
      rows: z.array(z.object({
        id: z.string(),
        payment_id: z.string(),
        user_id: z.string(),
        email: z.string().nullable(),
        name: z.string().nullable(),
        kind: z.enum(['void', 'chargeback', 'refund', 'capture']),
        source: z.enum(REPORT_SOURCES),
        amount_cents: z.number().nullable(),
        method: z.string(),
        reference_id: z.string().nullable(),
        promotion_id: z.string().nullable(),
        at: z.string(),
      })),
      total: z.number(),
      page: z.number(),
      per_page: z.number(),
    })),
  },
  'GET /admin-api/reports/users': {
    200: answer(z.object({
      earnings_hidden: z.boolean(),
      net_cents: z.number().nullable(),
      rows: z.array(z.object({
        user_id: z.string(),
        email: z.string(),
        name: z.string(),
        registered_at: z.string(),
        net_cents: z.number().nullable(),
        by_source: bySource(z.number().nullable()),
        purchases: z.number(),
        reversals: z.number(),
        first_purchase_at: z.string().nullable(),
        last_purchase_at: z.string().nullable(),
      })),
      total: z.number(),
      page: z.number(),
      per_page: z.number(),
    })),
  },
  'GET /admin-api/reports/purchase-history': {
    200: answer(z.object({
      earnings_hidden: z.boolean(),
      user: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable(), registered_at: z.string() }).nullable(),
      net_cents: z.number().nullable(),
      rows: z.array(z.object({
        id: z.string(),
        payment_id: z.string(),
        user_id: z.string(),
        email: z.string().nullable(),
        name: z.string().nullable(),
        kind: z.enum(['void', 'chargeback', 'refund', 'capture']),
        source: z.enum(REPORT_SOURCES),
        amount_cents: z.number().nullable(),
        method: z.string(),
        reference_id: z.string().nullable(),
        promotion_id: z.string().nullable(),
        at: z.string(),
      })),
      total: z.number(),
      page: z.number(),
      per_page: z.number(),
    })),
  },
  'GET /admin-api/reports/unlocks': {
    200: answer(z.object({
      earnings_hidden: z.boolean(),
      net_cents: z.number().nullable(),
      rows: z.array(z.object({
        payment_id: z.string(),
        post_id: z.string(),
        root_post_id: z.string(),
        caption: z.string().nullable(),
        user_id: z.string(),
        email: z.string().nullable(),
        name: z.string().nullable(),
        amount_cents: z.number().nullable(),
        promotion_id: z.string().nullable(),
        unlocked_at: z.string(),
        reversed: z.enum(['void', 'chargeback', 'refund']).nullable(),
      })),
      total: z.number(),
      page: z.number(),
      per_page: z.number(),
    })),
  },
  'GET /admin-api/reports/posts/:postId/buyers': {
    200: answer(z.object({
      post: z.object({
        id: z.string(),
        root_post_id: z.string(),
        caption: z.string().nullable(),
        price_cents: z.number().nullable(),
        versions: z.array(z.string()),
      }).nullable(),
      promotion_id: z.string().nullable(),
      buyers: z.number(),
      earnings_hidden: z.boolean(),
      net_cents: z.number().nullable(),
      rows: z.array(z.object({
        payment_id: z.string(),
        post_id: z.string(),
        root_post_id: z.string(),
        caption: z.string().nullable(),
        user_id: z.string(),
        email: z.string().nullable(),
        name: z.string().nullable(),
        amount_cents: z.number().nullable(),
        promotion_id: z.string().nullable(),
        unlocked_at: z.string(),
        reversed: z.enum(['void', 'chargeback', 'refund']).nullable(),
      })),
      total: z.number(),
      page: z.number(),
      per_page: z.number(),
    })),
  },
  'GET /admin-api/reports/opt-in': {
    200: answer(z.object({
      page: z.number(),
      per_page: z.number(),
      counts: z.record(z.string(), z.number()),
      rows: z.array(z.object({
        user_id: z.string(),
        email: z.string(),
        name: z.string(),
        status: z.string(),
        link_sent_at: z.string().nullable(),
        registered_at: z.string(),
      })),
      total: z.number(),
    })),
  },
  'GET /admin-api/reports/utm': {
    200: answer(z.object({
      page: z.number(),
      per_page: z.number(),
      rows: z.array(z.object({ user_id: z.string(), email: z.string(), name: z.string(), registered_at: z.string() })),
      by_source: z.array(z.object({ source: z.string(), count: z.number() })),
      total: z.number(),
    })),
  },
  'GET /admin-api/reports/influencer-activity': {
    200: answer(z.object({
      page: z.number(),
      per_page: z.number(),
      rows: z.array(z.object({
        id: z.string(),
        at: z.string(),
        actor_id: z.string(),
        actor_email: z.string(),
        actor_role: z.string(),
        action: z.string(),
        stream_id: z.string(),
        subject_user_id: z.string(),
      })),
      total: z.number(),
    })),
  },
};
