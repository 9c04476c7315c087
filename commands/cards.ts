// Saved cards: validate, hand the number to the gateway, keep only its token, brand, last 4 and expiry.
// The number and CVV go to the gateway and nowhere else: not into events, read models or logs.
import { validateBilling, validateCard, type BillingFields, type CardFields, type PlaceFacts } from '../domain/card/card-form';
import { cardsDecider, cardsStream } from '../domain/card/card';
import { DomainError } from '../domain/shared/decider';
import type { CardRef } from '../domain/payment/payment';
import type { CardGateway } from '../infra/payments/port';
import { placeFacts } from '../infra/geo/places';
import { handle, loadStream, type CommandContext } from './handle';

export type CardChoice = { cardId: string } | { form: CardFields & BillingFields } | { primary: true };

/** What the billing rules need to know about a country and state (the packaged data set by default). */
export type PlaceLookup = (country: string | undefined, state: string | undefined) => Promise<PlaceFacts>;

/**
 * Validates the whole form first (billing in the spec's order, then the card) so bad input is refused with a 400
 * naming the field before anything is tokenised or written.
 */
export async function addCard(
  ctx: CommandContext,
  gateway: CardGateway,
  userId: string,
  form: CardFields & BillingFields,
  makePrimary: boolean,
  places: PlaceLookup = placeFacts,
): Promise<CardRef> {
  const now = new Date(ctx.now());
  const billing = validateBilling(form, await places(form.country, form.state));
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

/**
 * Removes a saved card. `membershipRenewsByCard` (from the read models) keeps the last card while a running
 * membership renews by card; removing the primary makes the most recently added remaining card primary.
 */
export async function removeCard(ctx: CommandContext, userId: string, cardId: string, membershipRenewsByCard = false) {
  return handle(ctx, cardsStream(userId), cardsDecider, { type: 'RemoveCard', userId, cardId, membershipRenewsByCard });
}
