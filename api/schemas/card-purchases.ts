// The bodies of the card purchases, once for every path set that serves them (domain/payment/provider-paths.ts):
// a post unlock, a tip, a subscription with a typed card, the CCBill set's saved-card calls.
import { z } from 'zod';
import { TIP_FROM, type TipFrom } from '../../domain/tip/tip';
import { chatPurchaseBody } from './chat';
import { cardChoice } from './payment';
import { subscribeBody } from './subscription';
import { paymentResultShape } from './purchase-answers';

/** A post unlock: the post, the price the fan saw, and an optional locked-content promotion. */
export const blogPurchaseBody = cardChoice.extend({
  blogId: z.string({ error: 'blogId is required.' }).uuid({ error: 'blogId is invalid.' }),
  amount: z.union([z.number(), z.string()], { error: 'amount is required.' }),
  // A locked-content promotion: the amount is then its price; a promotion gone by now is 'Sorry promotion expired.'
  promotion_id: z.string().max(100).nullable().optional(),
  is_promotion_applied: z.boolean({ error: 'is_promotion_applied must be true or false.' }).optional(),
  ribbon_text: z.string().max(1000).optional(),
  blogType: z.string().max(40).optional(),
  title: z.string().max(1000).optional(),
});

/** A post unlock on CCBill's page (`hosted: true`): no card fields; the answer sends the fan to the page. */
export const blogPurchaseOrHostedBody = blogPurchaseBody.extend({
  hosted: z.boolean({ error: 'hosted must be true or false.' }).optional().describe("true: pay on CCBill's page (the answer is a redirect)."),
});
/** Where the fan goes to pay on the provider's page, and the payment the return page follows. */
export const hostedRedirect = z.object({
  action: z.literal('redirect'),
  url: z.string().describe('Where the fan site sends the fan next.'),
  payment_id: z.string().describe('The payment the return page follows.'),
});

/** A tip: dollars, an optional note, anonymous or not, and where it was sent from. */
export const sendTipBody = cardChoice.extend({
  amount: z.union([z.number(), z.string()], { error: 'amount is required.' }),
  tipMessage: z.string({ error: 'Message is too long.' }).optional().default(''),
  isAnonymousTip: z.boolean({ error: 'isAnonymousTip must be true or false.' }).optional().default(false),
  tipFrom: z.enum(TIP_FROM as [TipFrom, ...TipFrom[]], { error: 'tipFrom is invalid.' }).optional().default('tips_page'),
  recurring: z.boolean().optional(),
  action: z.string().max(20).optional(),
  domain: z.string().max(300).optional(),
});

/** The card form typed in: the number is required (the rest is checked with it, each field named). */
export const typedCard = z.object({
  cardNumber: z.string({ error: 'cardNumber is required.' }).trim().min(1, { error: 'cardNumber is required.' }).max(40),
  card_type: z.string().max(40).optional(),
});

/** Subscribing with a card typed into the form (the card form entity), with the subscribe page's promotion or coupon. */
export const subscribeWithCardBody = subscribeBody.extend(typedCard.shape);
/** Resubscribing (the resubscribe offer) with a typed card. */
export const resubscribeWithCardBody = cardChoice.extend(typedCard.shape);

/** A saved card: the one named, else the fan's primary card. Card numbers in the body are ignored. */
const savedCard = z.object({ card_id: z.string().uuid({ error: 'card_id is invalid.' }).optional() });

/** A post unlock charging a saved card. */
export const blogByPreviousBody = blogPurchaseBody.omit({ cardNumber: true, cvv: true, month: true, year: true });

/**
 * A tip (`action: 'tips'`, the tip's fields) or a chat unlock (`action: 'chat'`, the chat purchase's fields)
 * charging a saved card.
 */
export const chargeByPreviousBody = z.discriminatedUnion(
  'action',
  [
    sendTipBody.omit({ cardNumber: true, cvv: true, month: true, year: true }).extend(savedCard.shape).extend({ action: z.literal('tips') }),
    chatPurchaseBody.omit({ cardNumber: true, cvv: true, month: true, year: true }).extend(savedCard.shape).extend({ action: z.literal('chat') }),
  ],
  { error: "action must be 'tips' or 'chat'." },
);

/** A post unlock's answer: the payment result and the post as the feed shows it. */
export const unlockedPost = paymentResultShape.extend({ blogData: z.object({}).loose().optional().describe('The post as the feed shows it, unlocked when accepted.') });
/** A tip's answer: the payment result, the tip and its amount. */
export const tipPaid = paymentResultShape.extend({ tip_id: z.string(), amount_cents: z.number().int() });
