// Read model: each fan's saved cards (token-free: brand, last 4, expiry) and which is primary.
import type { Kysely } from 'kysely';
import type { AnyDomainEvent } from './events';
import { defineProjection } from './projection';
import { cardsTables, type ReadModelRows, type ReadModels } from './schema';
import type { SavedCardView } from '../domain/card/wire';

interface CardEntry {
  card_id: string;
  brand: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  added_at?: string;
}

export const cardsProjection = defineProjection<AnyDomainEvent, ReadModelRows>()({
  name: 'cards',
  tables: cardsTables,
  handles: ['CardAdded', 'PrimaryCardSet', 'CardRemoved'],
  async apply(event, store) {
    const { type, data: d } = event;
    const row = (await store.get<{ user_id: string; cards: CardEntry[]; primary_card_id: string | null }>('user_cards', { user_id: d.userId })) ?? {
      user_id: d.userId,
      cards: [],
      primary_card_id: null,
    };
    switch (type) {
      case 'CardAdded':
        row.cards = [...row.cards, { card_id: d.cardId, brand: d.brand, last4: d.last4, exp_month: d.expMonth, exp_year: d.expYear, added_at: d.addedAt }];
        break;
      case 'PrimaryCardSet':
        row.primary_card_id = d.cardId;
        break;
      case 'CardRemoved':
        row.cards = row.cards.filter((c) => c.card_id !== d.cardId);
        if (row.primary_card_id === d.cardId) row.primary_card_id = null;
        break;
    }
    store.put('user_cards', { ...row });
  },
});

/** The fan's saved cards, primary first, then the most recently added. */
export async function savedCards(db: Kysely<ReadModels>, userId: string): Promise<SavedCardView[]> {
  const row = await db.withSchema('rm').selectFrom('user_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return [];
  const cards = (row.cards as CardEntry[]).map((c, i) => ({
    view: {
      _id: c.card_id,
      brand: c.brand,
      last4: c.last4,
      exp_month: c.exp_month,
      exp_year: c.exp_year,
      is_primary: c.card_id === row.primary_card_id,
      added_at: c.added_at ?? null,
    },
    i,
  }));
  return cards.sort((a, b) => Number(b.view.is_primary) - Number(a.view.is_primary) || b.i - a.i).map((c) => c.view);
}
