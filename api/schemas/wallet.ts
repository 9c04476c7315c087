// Wallet requests: crypto top-ups, the wallet history, paying from the wallet (a post, a tip, a chat message),
// the default payment method, the crypto provider's notices and the console's sandbox controls.
import { z } from 'zod';
import { centsFromDollars } from '../../domain/shared/money';
import { ValidationError } from '../../domain/shared/validation';
import { VALID_AMOUNT } from '../../domain/pricing/pricing';
import { TIP_FROM, type TipFrom } from '../../domain/tip/tip';
import { walletChatBody } from './chat';
import { cardChoice } from './payment';
import { paymentResultShape } from './purchase-answers';
import { CRYPTO_CURRENCY, PAYMENT_METHOD_UPDATE_FAILED, type DefaultPaymentMethod } from '../../domain/wallet/payment-method';

export const uuid = (name: string) => z.string({ error: `${name} is required.` }).uuid({ error: `${name} is invalid.` });
const amountField = z.union([z.number(), z.string().max(20)], { error: VALID_AMOUNT });
const currencyField = z.string({ error: 'Please select a currency.' }).trim().min(1, { error: 'Please select a currency.' }).max(12, { error: 'Invalid request.' });

export const generateBody = z.object({ currency: currencyField, amount: amountField });
export const startBody = z.object({
  payment_id: uuid('payment_id'),
  currency: z.string().trim().max(12).optional(),
  transaction_type: z.literal('add_fund', { error: 'transaction_type is invalid.' }).optional(),
  amount: amountField.optional(),
  payment_for: z.string().max(40).optional(),
});
export const statusBody = z.object({
  payment_id: uuid('payment_id'),
  pos_id: z.string().max(100).optional(),
  currency: z.string().max(12).optional(),
  address: z.string().max(200).optional(),
  transaction_id: z.string().max(200).optional(),
});
export const historyBody = z.object({
  page_num: z.coerce.number().int().min(1).max(100_000).optional(),
  pageNum: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});
export const paymentFor = z.object({ payment_for: z.enum(['blog', 'tips', 'chat'], { error: 'payment_for is invalid.' }).default('blog') }).passthrough();
/** A tip from the wallet: amount in dollars, an optional note, where from, anonymous or not. */
export const walletTipBody = z.object({
  payment_for: z.literal('tips'),
  amount: amountField,
  tipMessage: z.string({ error: 'Message is too long.' }).optional().default(''),
  is_anonymous_tip: z.boolean({ error: 'is_anonymous_tip must be true or false.' }).optional().default(false),
  tip_from: z.enum(TIP_FROM as [TipFrom, ...TipFrom[]], { error: 'tip_from is invalid.' }).optional().default('tips_page'),
  userId: z.string().max(100).optional(),
});
export const purchaseBody = z.object({
  payment_for: z.enum(['blog'], { error: 'payment_for is invalid.' }).default('blog'),
  content_id: uuid('content_id'),
  userId: z.string().max(100).optional(),
  promotion_id: z.string().max(100).nullable().optional(),
  /** The price the fan confirmed (dollars); optional, as in the spec's call. */
  amount: amountField.optional(),
});
/**
 * POST /api/crypto/purchase-from-wallet: what is bought (a post when not said) picks the rest of the body's shape,
 * checked after payment_for (its default already applied) as the three bodies are on their own.
 */
export const walletPurchaseBody = paymentFor.pipe(
  z.discriminatedUnion('payment_for', [purchaseBody.extend({ payment_for: z.literal('blog') }), walletTipBody, walletChatBody]),
);
export const methodBody = z
  .object({ payment_method: z.string().trim().max(100).optional(), card_id: z.string().trim().max(100).optional() })
  .refine((b) => !!(b.payment_method || b.card_id), { error: 'payment_method is required.', path: ['payment_method'] });
export const markBody = z.object({
  status: z.enum(['paid', 'underpaid', 'expired'], { error: 'status must be paid, underpaid or expired.' }),
  received_cents: z.number().int().min(1).max(100_000_000).optional(),
});
export const idParam = z.object({ id: uuid('id') });
export const noticeShape = z
  .object({
    id: z.string().min(1).max(200),
    type: z.string().min(1).max(100),
    data: z.object({ payment_id: z.string().max(200), status: z.string().max(20), received_cents: z.number().int().min(0) }).passthrough(),
  })
  .passthrough();

/** An optional confirmed price in dollars → cents (null when not sent); unreadable is 'Please enter a valid amount'. */
export function optionalCents(amount: number | string | undefined): number | null {
  if (amount === undefined) return null;
  const cents = centsFromDollars(amount);
  if (cents === null) throw new ValidationError('amount', VALID_AMOUNT);
  return cents;
}

/** The chosen default payment method: the wallet (crypto_currency) or a saved card's id. */
export function defaultMethodOf(body: z.infer<typeof methodBody>): DefaultPaymentMethod {
  const choice = (body.payment_method || body.card_id)!;
  if (choice === CRYPTO_CURRENCY) return { kind: 'crypto_currency' };
  if (z.string().uuid().safeParse(choice).success) return { kind: 'card', cardId: choice };
  throw new ValidationError('payment_method', PAYMENT_METHOD_UPDATE_FAILED);
}

/** Adding funds by card: dollars (2 decimals at most), and a saved card, a typed one or the primary. */
export const cardTopUpBody = cardChoice.extend({ amount: amountField });

/** What a card top-up answers (200 credited, 402 declined): the payment's result, what was asked and the balance now. */
export const cardTopUpAnswer = paymentResultShape.extend({
  amount_cents: z.number().int(),
  wallet_balance: z.number().describe('Dollars in the wallet after the top-up.'),
  wallet_balance_cents: z.number().int(),
});
