// Answers of the tip routes (api/routes/tips.ts), for the OpenAPI document; held to their wire types.
import { z } from 'zod';
import type { TipListView } from '../../domain/tip/wire';
import type { SameShape } from '../openapi-envelopes';

const tipView = z.object({
  _id: z.string(),
  amount: z.number().describe('Dollars.'),
  amount_cents: z.number().int(),
  tipMessage: z.string(),
  tipFrom: z.enum(['tips_page', 'chat', 'live']),
  isAnonymous: z.boolean(),
  status: z.enum(['paid', 'refunded', 'voided', 'chargeback']).describe('paid, or what took it back.'),
  created: z.string(),
  user: z.object({ _id: z.string(), name: z.string() }).nullable().describe('null: an anonymous tip seen by another fan.'),
});

export const tipList = z.object({
  tips: z.array(tipView),
  totalTips: z.number().int(),
  totalAmountCents: z.number().int().describe('Tips kept (not taken back), in cents.'),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
});

const _tipList: SameShape<z.output<typeof tipList>, TipListView> = true;
void _tipList;
