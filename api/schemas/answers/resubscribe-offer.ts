// The success answers of api/routes/resubscribe-offer.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { resubscribeQuote } from './shapes';

export const resubscribeOfferAnswers: RouteAnswers = {
  'GET /api/resubscribe-offer/report': {
    200: answer(z.object({
      rows: z.array(z.object({
        _id: z.string(),
        user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
        accepted_at: z.string(),
        charged_cents: z.number(),
        recurring_cents: z.number(),
        renews: z.boolean(),
        payment_method: z.string(),
        expires_at: z.string(),
        status: z.string(),
      })),
      total: z.number(),
      free: z.number(),
      charged_cents: z.number(),
      page: z.number(),
      total_pages: z.number(),
    })),
  },
  'GET /api/resubscribe-offer/get-settings': {
    200: answer(z.object({
      recurring_price: z.number(),
      recurring_price_cents: z.number(),
      enabled: z.boolean(),
      for_subscribers_only: z.boolean(),
      give_free_month_subscription: z.number(),
      promo_banner_text: z.string(),
    })),
  },
  'PUT /api/resubscribe-offer/save-settings': {
    200: answer(z.object({
      recurring_price: z.number(),
      recurring_price_cents: z.number(),
      enabled: z.boolean(),
      for_subscribers_only: z.boolean(),
      give_free_month_subscription: z.number(),
      promo_banner_text: z.string(),
    })),
  },
  'PUT /api/resubscribe-offer/save-offer': {
    200: answer(z.object({
      recurring_price: z.number(),
      recurring_price_cents: z.number(),
      enabled: z.boolean(),
      for_subscribers_only: z.boolean(),
      give_free_month_subscription: z.number(),
      promo_banner_text: z.string(),
    })),
  },
  'POST /api/resubscribe-offer/request-new-resubscription-user-report': {
    200: answer(z.object({ status: z.string(), requested_at: z.string(), total: z.number(), total_pages: z.number() })),
  },
  'POST /api/resubscribe-offer/get-new-resubscription-user-report': {
    200: answer(z.object({
      rows: z.array(z.object({
        _id: z.string(),
        user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
        accepted_at: z.string(),
        charged_cents: z.number(),
        recurring_cents: z.number(),
        renews: z.boolean(),
        payment_method: z.string(),
        expires_at: z.string(),
        status: z.string(),
      })),
      total: z.number(),
      free: z.number(),
      charged_cents: z.number(),
      page: z.number(),
      total_pages: z.number(),
    })),
  },
  'GET /api/offer/check-offer': {
    200: answer(z.object({ data: z.object({ promo_banner_text: z.string(), quote: resubscribeQuote }).nullable() })),
  },
};
