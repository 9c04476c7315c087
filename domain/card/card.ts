// Saved cards (stream `cards-<userId>`). Only the gateway's token, brand, last 4 and expiry are kept:
// the card number and CVV never reach storage.
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
