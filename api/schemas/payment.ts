// Paying by card: the card a fan chose (a saved one, a new one typed in, or the primary) and the answer every
// card payment gives (posts, chat messages, tips, memberships).
import { z } from 'zod';
import type { PaymentResult } from '../../domain/payment/wire';
import type { CardChoice } from '../../commands/cards';
import type { PurchaseOutcome } from '../../commands/purchases';
import { parse } from '../http';

const str = z.string().max(200).optional().default('');
const cardForm = z.object({
  email: str, address: str, country: str, state: str, city: str, pincode: str, firstName: str, lastName: str,
  cardNumber: z.string().max(40).optional().default(''), cvv: z.string().max(8).optional().default(''),
  month: z.string().max(4).optional().default(''), year: z.string().max(6).optional().default(''),
});
export const cardChoice = cardForm.partial().extend({ card_id: z.string().uuid({ error: 'card_id is invalid.' }).optional() });

export function choiceOf(body: z.infer<typeof cardChoice>): CardChoice {
  if (body.card_id) return { cardId: body.card_id };
  if (body.cardNumber) return { form: parse(cardForm, body) };
  return { primary: true };
}

export function paymentResult(o: PurchaseOutcome): PaymentResult {
  return {
    accepted: o.accepted,
    transactionId: o.transactionId,
    ...(o.failureCode ? { failureCode: o.failureCode } : {}),
    ...(o.allowCascade ? { errors: { allow_cascade: true, error_from: 'card', transactionId: o.paymentId } } : {}),
  };
}
