// The success answers of api/routes/payment-methods.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const placeOption = z.object({ code: z.string(), name: z.string() });

export const paymentMethodsAnswers: RouteAnswers = {
  'GET /api/places/countries': {
    200: answer(z.object({
      items: z.array(z.object({ code: z.string(), name: z.string() })),
      total: z.number(),
      page: z.number(),
      per_page: z.number(),
    })),
  },
  'GET /api/places/states': {
    200: answer(z.object({ items: z.array(placeOption), total: z.number(), page: z.number(), per_page: z.number() })),
  },
  'GET /api/places/cities': {
    200: answer(z.object({ items: z.array(placeOption), total: z.number(), page: z.number(), per_page: z.number() })),
  },
  'GET /api/places/my-country': {
    200: answer(z.object({ country: z.string().nullable(), name: z.string().nullable() })),
  },
  'GET /api/ccbill/get-country-from-ip': {
    200: answer(z.object({ country: z.string().nullable(), name: z.string().nullable() })),
  },
  'GET /api/users/get_all_countries': {
    200: answer(z.array(z.object({ code: z.string(), name: z.string() }))),
  },
  'POST /api/users/get_states_of_country': {
    200: answer(z.array(placeOption)),
  },
  'POST /api/users/get_cities_of_state': {
    200: answer(z.array(placeOption)),
  },
};
