import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { LAST_CARD_RENEWS, cardsDecider, cardsStream, findSavedCard, sameCard, type CardEvent, type SavedCard } from './card';

const AT = '2026-03-01T10:00:00.000Z';
const visa: SavedCard = { cardId: 'c1', cardToken: 'tok_1', brand: 'visa', last4: '4242', expMonth: '12', expYear: '2027', billingCountry: 'US' };
const mc: SavedCard = { cardId: 'c2', cardToken: 'tok_2', brand: 'mastercard', last4: '4444', expMonth: '01', expYear: '2028', billingCountry: 'FR' };
const added = (c: SavedCard): CardEvent => ({ type: 'CardAdded', data: { ...c, userId: 'u1', addedAt: AT } });
const primary = (cardId: string): CardEvent => ({ type: 'PrimaryCardSet', data: { userId: 'u1', cardId } });
const removed = (cardId: string): CardEvent => ({ type: 'CardRemoved', data: { userId: 'u1', cardId } });
const add = (card: SavedCard, makePrimary = false) => ({ type: 'AddCard' as const, userId: 'u1', card, makePrimary, at: AT });
const remove = (cardId: string, membershipRenewsByCard = false) => ({ type: 'RemoveCard' as const, userId: 'u1', cardId, membershipRenewsByCard });
const amex: SavedCard = { cardId: 'c3', cardToken: 'tok_3', brand: 'amex', last4: '0005', expMonth: '03', expYear: '2029', billingCountry: 'GB' };

describe('cardsStream', () => {
  it('is cards-<userId>', () => expect(cardsStream('u1')).toBe('cards-u1'));
});

describe('cardsDecider', () => {
  describe('AddCard', () => {
    it('the first card becomes primary even without asking', () => {
      const state = given(cardsDecider).when(add(visa)).then([added(visa), primary('c1')]);
      expect(state.primaryCardId).toBe('c1');
      expect(state.cards.get('c1')).toEqual(visa);
    });

    it('stores only the saved-card fields (no userId/addedAt) in state', () => {
      const state = given(cardsDecider, [added(visa)]).state;
      expect(Object.keys(state.cards.get('c1')!).sort()).toEqual(Object.keys(visa).sort());
    });

    it('a second card does not replace the primary unless asked', () => {
      const state = given(cardsDecider, [added(visa), primary('c1')]).when(add(mc)).then([added(mc)]);
      expect(state.primaryCardId).toBe('c1');
      expect(state.cards.size).toBe(2);
    });

    it('a second card made primary', () => {
      const state = given(cardsDecider, [added(visa), primary('c1')]).when(add(mc, true)).then([added(mc), primary('c2')]);
      expect(state.primaryCardId).toBe('c2');
    });

    it('is a no-op for a card already saved (retry)', () => {
      given(cardsDecider, [added(visa), primary('c1')]).when(add(visa)).then([]);
    });

    it('the same card typed again (new token, same brand, last 4 and expiry) is saved once', () => {
      const again = { ...visa, cardId: 'c9', cardToken: 'tok_9' };
      given(cardsDecider, [added(visa), primary('c1')]).when(add(again)).then([]);
      given(cardsDecider, [added(visa), primary('c1')]).when(add({ ...again, expMonth: '12', brand: 'VISA' })).then([]);
    });

    it('the same card asked to be primary makes the saved one primary, and adds nothing', () => {
      given(cardsDecider, [added(visa), primary('c1'), added(mc), primary('c2')]).when(add({ ...visa, cardId: 'c9', cardToken: 'tok_9' }, true)).then([primary('c1')]);
    });

    it('another expiry, last 4 or brand is another card', () => {
      for (const other of [{ expYear: '2030' }, { expMonth: '11' }, { last4: '4243' }, { brand: 'mastercard' }]) {
        const card = { ...visa, cardId: 'c9', cardToken: 'tok_9', ...other };
        given(cardsDecider, [added(visa), primary('c1')]).when(add(card)).then([added(card)]);
      }
    });

    it("the provider's fingerprint decides when both cards have one", () => {
      const fp = { ...visa, fingerprint: 'fp_a' };
      given(cardsDecider, [added(fp), primary('c1')]).when(add({ ...fp, cardId: 'c9' })).then([]);
      const otherCard = { ...fp, cardId: 'c9', fingerprint: 'fp_b' };
      given(cardsDecider, [added(fp), primary('c1')]).when(add(otherCard)).then([added(otherCard)]);
    });

    it('sameCard and findSavedCard', () => {
      expect(sameCard(visa, { brand: 'Visa', last4: '4242', expMonth: '12', expYear: '2027' })).toBe(true);
      expect(sameCard(visa, { brand: 'visa', last4: '4242', expMonth: '01', expYear: '2027' })).toBe(false);
      const state = given(cardsDecider, [added(visa), added(mc)]).state;
      expect(findSavedCard(state, { brand: 'mastercard', last4: '4444', expMonth: '1', expYear: '2028' })?.cardId).toBe('c2');
      expect(findSavedCard(state, { brand: 'amex', last4: '0005', expMonth: '03', expYear: '2029' })).toBeUndefined();
    });

    it('after the primary was removed, the next card becomes primary', () => {
      given(cardsDecider, [added(visa), primary('c1'), added(mc), removed('c1')]).when(add({ ...visa, cardId: 'c3' })).then([
        added({ ...visa, cardId: 'c3' }),
        primary('c3'),
      ]);
    });
  });

  describe('SetPrimaryCard', () => {
    it('sets another saved card as primary', () => {
      const state = given(cardsDecider, [added(visa), primary('c1'), added(mc)])
        .when({ type: 'SetPrimaryCard', userId: 'u1', cardId: 'c2' })
        .then([primary('c2')]);
      expect(state.primaryCardId).toBe('c2');
    });

    it('is a no-op for the current primary', () => {
      given(cardsDecider, [added(visa), primary('c1')]).when({ type: 'SetPrimaryCard', userId: 'u1', cardId: 'c1' }).then([]);
    });

    it('refuses an unknown card', () => {
      given(cardsDecider, [added(visa), primary('c1')])
        .when({ type: 'SetPrimaryCard', userId: 'u1', cardId: 'zz' })
        .thenThrows('Invalid request.', { code: 'CARD_NOT_FOUND', status: 404, details: { field: 'card_id' } });
    });

    it('refuses a removed card', () => {
      given(cardsDecider, [added(visa), primary('c1'), added(mc), removed('c2')])
        .when({ type: 'SetPrimaryCard', userId: 'u1', cardId: 'c2' })
        .thenThrows('Invalid request.', { code: 'CARD_NOT_FOUND', status: 404 });
    });
  });

  describe('RemoveCard', () => {
    it('removes a non-primary card and keeps the primary', () => {
      const state = given(cardsDecider, [added(visa), primary('c1'), added(mc)]).when(remove('c2')).then([removed('c2')]);
      expect([...state.cards.keys()]).toEqual(['c1']);
      expect(state.primaryCardId).toBe('c1');
    });

    it('removing the primary makes the remaining card primary', () => {
      const state = given(cardsDecider, [added(visa), primary('c1'), added(mc)]).when(remove('c1')).then([removed('c1'), primary('c2')]);
      expect(state.primaryCardId).toBe('c2');
      expect([...state.cards.keys()]).toEqual(['c2']);
    });

    it('removing the primary promotes the most recently added remaining card', () => {
      given(cardsDecider, [added(visa), added(amex), primary('c1'), added(mc)]).when(remove('c1')).then([removed('c1'), primary('c2')]);
      given(cardsDecider, [added(visa), added(mc), primary('c2'), added(amex)]).when(remove('c2')).then([removed('c2'), primary('c3')]);
    });

    it('removing the only card leaves no primary', () => {
      const state = given(cardsDecider, [added(visa), primary('c1')]).when(remove('c1')).then([removed('c1')]);
      expect(state.primaryCardId).toBeNull();
      expect(state.cards.size).toBe(0);
    });

    it('keeps the last card while a membership renews by card (409)', () => {
      given(cardsDecider, [added(visa), primary('c1')])
        .when(remove('c1', true))
        .thenThrows(LAST_CARD_RENEWS, { code: 'CARD_NEEDED_FOR_RENEWAL', status: 409, details: { field: 'card_id' } });
    });

    it('a renewing membership still lets any card go while another remains', () => {
      given(cardsDecider, [added(visa), primary('c1'), added(mc)]).when(remove('c1', true)).then([removed('c1'), primary('c2')]);
      given(cardsDecider, [added(visa), primary('c1'), added(mc)]).when(remove('c2', true)).then([removed('c2')]);
    });

    it('an unknown card is refused before the renewal rule', () => {
      given(cardsDecider).when(remove('c1', true)).thenThrows('Invalid request.', { code: 'CARD_NOT_FOUND', status: 404 });
    });

    it('refuses an unknown card', () => {
      given(cardsDecider)
        .when(remove('c1'))
        .thenThrows('Invalid request.', { code: 'CARD_NOT_FOUND', status: 404, details: { field: 'card_id' } });
    });

    it('refuses a card already removed', () => {
      given(cardsDecider, [added(visa), primary('c1'), removed('c1')])
        .when(remove('c1'))
        .thenThrows('Invalid request.', { code: 'CARD_NOT_FOUND', status: 404 });
    });
  });

  it('evolve does not mutate the previous cards map', () => {
    const before = given(cardsDecider, [added(visa)]).state;
    cardsDecider.evolve(before, added(mc));
    cardsDecider.evolve(before, removed('c1'));
    expect([...before.cards.keys()]).toEqual(['c1']);
  });
});
