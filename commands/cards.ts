// Saving a card: validate, hand the number to the gateway, keep only its token, brand, last 4 and expiry.
import { validateBilling, validateCard, type BillingFields, type CardFields } from '../domain/card/card-form';
import { cardsDecider, cardsStream } from '../domain/card/card';
import { DomainError } from '../domain/shared/decider';
import type { CardRef } from '../domain/payment/payment';
import type { CardGateway } from '../infra/payments/port';
import { handle, loadStream, type CommandContext } from './handle';

export type CardChoice = { cardId: string } | { form: CardFields & BillingFields } | { primary: true };

export async function addCard(ctx: CommandContext, gateway: CardGateway, userId: string, form: CardFields & BillingFields, makePrimary: boolean): Promise<CardRef> {
  const now = new Date(ctx.now());
  const billing = validateBilling(form, false, false);
  const { number } = validateCard(form, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
  const t = await gateway.tokenise({ number, cvv: form.cvv.trim(), expMonth: form.month.trim(), expYear: form.year.trim(), holderName: `${billing.firstName} ${billing.lastName}` });
  const cardId = ctx.newId();
  await handle(ctx, cardsStream(userId), cardsDecider, {
    type: 'AddCard',
    userId,
    card: { cardId, cardToken: t.cardToken, brand: t.brand, last4: t.last4, expMonth: t.expMonth, expYear: t.expYear, billingCountry: billing.country },
    makePrimary,
    at: ctx.now(),
  });
  return { cardId, brand: t.brand, last4: t.last4 };
}

/** The card a purchase uses: a saved one by id, a new one from the form (saved as primary), or the primary. */
export async function resolveCard(ctx: CommandContext, gateway: CardGateway, userId: string, choice: CardChoice): Promise<CardRef> {
  if ('form' in choice) return addCard(ctx, gateway, userId, choice.form, true);
  const { state } = await loadStream(ctx.store, cardsStream(userId), cardsDecider);
  const id = 'cardId' in choice ? choice.cardId : state.primaryCardId;
  const card = id ? state.cards.get(id) : undefined;
  if (!card) throw new DomainError('Please add a card to continue.', 'CARD_REQUIRED', 400, { field: 'card_id' });
  return { cardId: card.cardId, brand: card.brand, last4: card.last4 };
}

export async function setPrimaryCard(ctx: CommandContext, userId: string, cardId: string) {
  return handle(ctx, cardsStream(userId), cardsDecider, { type: 'SetPrimaryCard', userId, cardId });
}

export async function removeCard(ctx: CommandContext, userId: string, cardId: string) {
  return handle(ctx, cardsStream(userId), cardsDecider, { type: 'RemoveCard', userId, cardId });
}
