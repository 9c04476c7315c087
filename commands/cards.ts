// Saved cards: validate, hand the number to the gateway, keep only its token, brand, last 4 and expiry.
// The number and CVV go to the gateway and nowhere else: not into events, read models or logs.
// A card is saved once (brand + last 4 + expiry, or the provider's fingerprint); a card typed into a purchase
// is saved only after the payment was approved.
import { FULL_BILLING, validateBilling, validateCard, type BillingField, type BillingFields, type CardFields } from '../domain/card/card-form';
import { cardsDecider, cardsStream, findSavedCard, type SavedCard } from '../domain/card/card';
import { DomainError } from '../domain/shared/decider';
import type { CardRef } from '../domain/payment/payment';
import { CardRefused, type CardGateway } from '../infra/payments/port';
import type { PlaceLookup } from '../infra/geo/port';
import { handle, loadStream, observed, type CommandContext } from './handle';

export type CardChoice = { cardId: string } | { form: CardFields & BillingFields } | { primary: true };

/** What choosing a card needs: the gateway tokenises a typed card, `places` answers for its billing address (both ports). */
export interface CardDeps {
  gateway: CardGateway;
  places: PlaceLookup;
  /**
   * The billing fields the card form asks now (the provider new cards go to, and the site's setting): only those are
   * demanded. Absent: the whole billing section.
   */
  cardFormFields?: () => Promise<readonly BillingField[]>;
}

/**
 * The typed form, validated (the billing fields the form asks, in the spec's order, then the card): 400 naming the
 * field, nothing written. A field the form does not ask is never demanded.
 */
async function validForm(ctx: CommandContext, form: CardFields & BillingFields, deps: CardDeps) {
  const now = new Date(ctx.now());
  const fields = (await deps.cardFormFields?.()) ?? FULL_BILLING;
  const billing = validateBilling(form, await deps.places(form.country, form.state), fields);
  const { number, brand } = validateCard(form, { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
  const identity = { brand, last4: number.slice(-4), expMonth: form.month.trim(), expYear: form.year.trim() };
  return { billing, number, identity };
}

async function tokenise(gateway: CardGateway, form: CardFields, v: Awaited<ReturnType<typeof validForm>>) {
  try {
    return await gateway.tokenise({ number: v.number, cvv: form.cvv.trim(), expMonth: v.identity.expMonth, expYear: v.identity.expYear, holderName: `${v.billing.firstName} ${v.billing.lastName}` });
  } catch (e) {
    // A provider that checks the card when saving it may decline it: the fan reads why, and nothing is saved.
    if (e instanceof CardRefused) throw new DomainError(e.outcome.message, 'CARD_DECLINED', 402, { field: e.field, allow_cascade: e.outcome.allowCascade });
    throw e;
  }
}

/**
 * Saves a card (the Add Card page). Validates the whole form first so bad input is refused with a 400 naming the
 * field before anything is tokenised or written. The same card saved again answers the saved one (saved once,
 * also under parallel requests: the cards stream's expected revision decides).
 */
export async function addCard(ctx: CommandContext, deps: CardDeps, userId: string, form: CardFields & BillingFields, makePrimary: boolean): Promise<CardRef> {
  const v = await validForm(ctx, form, deps);
  const { state: before, events } = await loadStream(ctx.store, cardsStream(userId), cardsDecider);
  const known = findSavedCard(before, v.identity);
  if (known) {
    observed(ctx, events);
    if (makePrimary) await setPrimaryCard(ctx, userId, known.cardId);
    return { cardId: known.cardId, brand: known.brand, last4: known.last4 };
  }
  const t = await tokenise(deps.gateway, form, v);
  const card: SavedCard = { cardId: ctx.idFor('card'), cardToken: t.cardToken, brand: t.brand, last4: t.last4, expMonth: t.expMonth, expYear: t.expYear, billingCountry: v.billing.country, ...(t.fingerprint ? { fingerprint: t.fingerprint } : {}) };
  const { state, events: written } = await handle(ctx, cardsStream(userId), cardsDecider, { type: 'AddCard', userId, card, makePrimary, at: ctx.now() });
  // Saved meanwhile by a parallel request: answer that card, once the read models have it.
  if (written.length === 0) observed(ctx, await ctx.store.readStream(cardsStream(userId)));
  const saved = state.cards.get(card.cardId) ?? findSavedCard(state, card)!;
  return { cardId: saved.cardId, brand: saved.brand, last4: saved.last4 };
}

/**
 * A card typed into a purchase: tokenised, but saved on file (as primary) only once the payment is captured
 * (commands/payment/process.ts completeEntitlement) — a declined card is never saved. A card already saved is used as is.
 */
async function typedCard(ctx: CommandContext, deps: CardDeps, userId: string, form: CardFields & BillingFields): Promise<CardRef> {
  const v = await validForm(ctx, form, deps);
  const { state } = await loadStream(ctx.store, cardsStream(userId), cardsDecider);
  const known = findSavedCard(state, v.identity);
  if (known) return { cardId: known.cardId, brand: known.brand, last4: known.last4 };
  const t = await tokenise(deps.gateway, form, v);
  return {
    cardId: ctx.idFor('card'),
    brand: t.brand,
    last4: t.last4,
    unsaved: { cardToken: t.cardToken, expMonth: t.expMonth, expYear: t.expYear, billingCountry: v.billing.country, ...(t.fingerprint ? { fingerprint: t.fingerprint } : {}) },
  };
}

/** The card a purchase uses: a saved one by id, a new one from the form (saved once approved), or the primary. */
export async function resolveCard(ctx: CommandContext, deps: CardDeps, userId: string, choice: CardChoice): Promise<CardRef> {
  return 'form' in choice ? typedCard(ctx, deps, userId, choice.form) : savedCard(ctx, userId, choice);
}

/** A saved card by id, or the primary one (400 CARD_REQUIRED without one): nothing is typed, so no adapter is needed. */
export async function savedCard(ctx: CommandContext, userId: string, choice: { cardId: string } | { primary: true }): Promise<CardRef> {
  const { state } = await loadStream(ctx.store, cardsStream(userId), cardsDecider);
  const id = 'cardId' in choice ? choice.cardId : state.primaryCardId;
  const card = id ? state.cards.get(id) : undefined;
  if (!card) throw new DomainError('Please add a card to continue.', 'CARD_REQUIRED', 400, { field: 'card_id' });
  return { cardId: card.cardId, brand: card.brand, last4: card.last4 };
}

/**
 * Saves the card typed for a payment once the payment is captured (as primary: the card the fan just paid with).
 * Idempotent: the card id is the payment's, and the same card is saved once.
 */
export async function saveApprovedCard(ctx: CommandContext, userId: string, card: CardRef): Promise<void> {
  if (!card.unsaved) return;
  const { unsaved, cardId, brand, last4 } = card;
  await handle(ctx, cardsStream(userId), cardsDecider, {
    type: 'AddCard',
    userId,
    card: { cardId, brand, last4, cardToken: unsaved.cardToken, expMonth: unsaved.expMonth, expYear: unsaved.expYear, billingCountry: unsaved.billingCountry, ...(unsaved.fingerprint ? { fingerprint: unsaved.fingerprint } : {}) },
    makePrimary: true,
    at: ctx.now(),
  });
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
