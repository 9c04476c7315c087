// The success answers of api/routes/coupons.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { offerPurchaseRow } from './shapes';

const couponView = z.object({
  _id: z.string(),
  id: z.string(),
  code: z.string(),
  discount_type: z.enum(['fixed', 'percentage']),
  discount_value_for_initial: z.number(),
  discount_value_for_recurring: z.number(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  uses: z.number(),
  revenue_cents: z.number(),
});

export const couponsAnswers: RouteAnswers = {
  'POST /api/coupon/save': {
    200: answer(z.object({ enable_coupons: z.boolean() })),
  },
  'POST /api/coupon/add': {
    200: answer(couponView.nullable()),
  },
  'POST /api/coupon/edit': {
    200: answer(couponView.nullable()),
  },
  'POST /api/coupon/check': {
    200: answer(z.object({
      code: z.string(),
      discount_type: z.enum(['fixed', 'percentage']),
      discount_value_for_initial: z.number(),
      discount_value_for_recurring: z.number(),
      prices: z.object({
        initial_cents: z.number(),
        recurring_cents: z.number(),
        list_initial_cents: z.number(),
        list_recurring_cents: z.number(),
      }),
    })),
  },
  'GET /api/coupon/get-coupons': {
    200: answer(z.object({
      coupons: z.array(couponView),
      currentPage: z.number(),
      totalPages: z.number(),
      total: z.number(),
      enable_coupons: z.boolean(),
    })),
  },
  'GET /api/coupon/get-details': {
    200: answer(z.object({
      coupon: couponView,
      purchases: z.array(offerPurchaseRow),
      currentPage: z.number(),
      totalPages: z.number(),
      total: z.number(),
    })),
  },
  'GET /admin-api/coupons': {
    200: z.array(couponView),
  },
  'GET /admin-api/coupons/:id': {
    200: z.object({
      _id: z.string(),
      id: z.string(),
      code: z.string(),
      discount_type: z.enum(['fixed', 'percentage']),
      discount_value_for_initial: z.number(),
      discount_value_for_recurring: z.number(),
      is_active: z.boolean(),
      created_at: z.string(),
      updated_at: z.string(),
      uses: z.number(),
      revenue_cents: z.number(),
    }),
  },
  'GET /admin-api/coupon-purchases': {
    200: z.array(offerPurchaseRow),
  },
};
