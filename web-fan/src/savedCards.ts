// The fan's saved cards (GET /api/ccbill/get-payment-card) as one query: the payment methods page, the add-card
// page and the payment flows read the same cached list, and a change of cards (added, removed, made primary)
// writes the server's new list or marks it stale.
import { useQuery } from '@tanstack/react-query';
import type { SavedCardView } from '../../domain/card/wire';
import { api } from './api';
import { queryClient } from './realtime';

export const SAVED_CARDS_KEY = ['saved-cards'] as const;

const readCards = async () => (await api.get<SavedCardView[]>('/api/ccbill/get-payment-card')).data ?? [];

export function useSavedCards(enabled = true) {
  return useQuery({ queryKey: SAVED_CARDS_KEY, queryFn: readCards, enabled });
}

/** The list now, read again (a payment about to choose a card must not use a stale one). */
export const fetchSavedCards = () => queryClient.fetchQuery({ queryKey: SAVED_CARDS_KEY, queryFn: readCards, staleTime: 0 });

/** The server answered a change with the new list. */
export const setSavedCards = (cards: SavedCardView[]) => queryClient.setQueryData(SAVED_CARDS_KEY, cards);

/** A card was added elsewhere: the list is stale. */
export const savedCardsChanged = () => void queryClient.invalidateQueries({ queryKey: SAVED_CARDS_KEY });
