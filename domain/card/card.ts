// Saved cards (stream `cards-<userId>`). Only the gateway's token, brand, last 4 and expiry are kept:
// the card number and CVV never reach storage. A card is saved once (domain rule `sameCard`): the stream's
// expected revision makes that hold under parallel purchases too.
import { DomainError, type Decider, type DomainEvent } from '../shared/decider';

export const cardsStream = (userId: string) => `cards-${userId}`;

export interface SavedCard {
  cardId: string;
  cardToken: string;
  brand: string;
  last4: string;
  expMonth: string;
  expYear: string;
  billingCountry: string;
  /** The provider's fingerprint of the card number, when it gives one (never the number itself). */
  fingerprint?: string;
}

/** What identifies a card for "saved once": the provider's fingerprint, or brand + last 4 + expiry. */
export type CardIdentity = Pick<SavedCard, 'brand' | 'last4' | 'expMonth' | 'expYear'> & { fingerprint?: string };

/** The same card: by the provider's fingerprint when both have one, else by brand, last 4 and expiry. */
export function sameCard(a: CardIdentity, b: CardIdentity): boolean {
  if (a.fingerprint && b.fingerprint) return a.fingerprint === b.fingerprint;
  return (
    a.brand.toLowerCase() === b.brand.toLowerCase() &&
    a.last4 === b.last4 &&
    Number(a.expMonth) === Number(b.expMonth) &&
    Number(a.expYear) === Number(b.expYear)
  );
}

/** The saved card that is this card, if it is saved already. */
export function findSavedCard(state: CardsState, card: CardIdentity): SavedCard | undefined {
  return [...state.cards.values()].find((c) => sameCard(c, card));
}

export type CardEvent =
  | DomainEvent<'CardAdded', SavedCard & { userId: string; addedAt: string }>
  | DomainEvent<'PrimaryCardSet', { userId: string; cardId: string }>
  | DomainEvent<'CardRemoved', { userId: string; cardId: string }>;

export type CardCommand =
  | { type: 'AddCard'; userId: string; card: SavedCard; makePrimary: boolean; at: string }
  | { type: 'SetPrimaryCard'; userId: string; cardId: string }
  | {
      type: 'RemoveCard';
      userId: string;
      cardId: string;
      /**
       * A running membership will renew by card (not cancelled, not complimentary, default method not the
       * wallet): its last card cannot go, or the renewal would fail. Read from the read models by the caller.
       */
      membershipRenewsByCard: boolean;
    };

export const LAST_CARD_RENEWS = 'Your membership renews with this card. Add another card first, or change your default payment method.';

export interface CardsState {
  cards: Map<string, SavedCard>;
  primaryCardId: string | null;
}

export const cardsDecider: Decider<CardCommand, CardEvent, CardsState> = {
  initialState: () => ({ cards: new Map(), primaryCardId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'CardAdded': {
        const { userId: _u, addedAt: _a, ...card } = event.data;
        return { ...state, cards: new Map(state.cards).set(card.cardId, card) };
      }
      case 'PrimaryCardSet':
        return { ...state, primaryCardId: event.data.cardId };
      case 'CardRemoved': {
        const cards = new Map(state.cards);
        cards.delete(event.data.cardId);
        return { cards, primaryCardId: state.primaryCardId === event.data.cardId ? null : state.primaryCardId };
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'AddCard': {
        if (state.cards.has(command.card.cardId)) return [];
        // The same card typed again (another purchase, a parallel click) is saved once: it may become primary.
        const saved = findSavedCard(state, command.card);
        if (saved) return command.makePrimary && state.primaryCardId !== saved.cardId ? [{ type: 'PrimaryCardSet', data: { userId: command.userId, cardId: saved.cardId } }] : [];
        const events: CardEvent[] = [{ type: 'CardAdded', data: { ...command.card, userId: command.userId, addedAt: command.at } }];
        if (command.makePrimary || !state.primaryCardId)
          events.push({ type: 'PrimaryCardSet', data: { userId: command.userId, cardId: command.card.cardId } });
        return events;
      }
      case 'SetPrimaryCard':
        if (!state.cards.has(command.cardId)) throw new DomainError('Invalid request.', 'CARD_NOT_FOUND', 404, { field: 'card_id' });
        return state.primaryCardId === command.cardId ? [] : [{ type: 'PrimaryCardSet', data: { userId: command.userId, cardId: command.cardId } }];
      case 'RemoveCard': {
        if (!state.cards.has(command.cardId)) throw new DomainError('Invalid request.', 'CARD_NOT_FOUND', 404, { field: 'card_id' });
        if (command.membershipRenewsByCard && state.cards.size === 1) throw new DomainError(LAST_CARD_RENEWS, 'CARD_NEEDED_FOR_RENEWAL', 409, { field: 'card_id' });
        const events: CardEvent[] = [{ type: 'CardRemoved', data: { userId: command.userId, cardId: command.cardId } }];
        // Removing the primary card makes the most recently added remaining card primary, so purchases and
        // renewals always have a card when one is saved.
        if (state.primaryCardId === command.cardId) {
          const next = [...state.cards.keys()].filter((id) => id !== command.cardId).pop();
          if (next) events.push({ type: 'PrimaryCardSet', data: { userId: command.userId, cardId: next } });
        }
        return events;
      }
    }
  },
};
