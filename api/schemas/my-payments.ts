// Answers of a fan's own payments (api/routes/my-payments.ts), for the OpenAPI document; held to their wire types.
import { z } from 'zod';
import { PAYMENT_TYPE_LABELS, type PaymentHistoryPage, type PaymentReceiptView } from '../../domain/payment/history';
import type { TransactionType } from '../../domain/payment/wire';
import type { SameShape } from '../openapi-envelopes';

const transactionType = z.enum(Object.keys(PAYMENT_TYPE_LABELS) as [TransactionType, ...TransactionType[]]);

const historyRow = z.object({
  id: z.string(),
  type: transactionType,
  label: z.string().describe("'Membership', 'Membership renewal', 'Post unlock', ..."),
  amount_cents: z.number().int().describe('Negative for refunds, voids and chargebacks (money back to the fan).'),
  currency: z.string(),
  method: z.enum(['card', 'wallet', 'crypto']),
  card: z.string().nullable().describe("'visa •••• 4242' for cards, the coin for a crypto top-up, null for the wallet."),
  paid_with: z.string().describe("'Visa •••• 4242', 'Wallet', 'Crypto (BTC)'."),
  status: z.enum(['pending', 'captured', 'failed']),
  reference_id: z.string().nullable().describe('The post for an unlock, the payment a refund takes back; null otherwise.'),
  gateway_transaction_id: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});

export const paymentHistoryPage = z.object({
  payments: z.array(historyRow),
  total: z.number().int(),
  total_paid_cents: z.number().int().describe('What the fan paid in the end: captured card and crypto rows, refunds counted negative.'),
});

export const paymentReceipt = z.object({
  payment: historyRow,
  merchant: z.object({ name: z.string(), url: z.string() }),
  customer: z.object({ name: z.string(), email: z.string() }),
});

const _page: SameShape<z.output<typeof paymentHistoryPage>, PaymentHistoryPage> = true;
const _receipt: SameShape<z.output<typeof paymentReceipt>, PaymentReceiptView> = true;
void [_page, _receipt];
