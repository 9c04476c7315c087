// /profile/payment-method: the fan's saved cards (brand, last 4, expiry,
// primary), set primary, remove with confirmation, and the default payment method (card or crypto wallet).
// Errors show the server's message; the default-method failure text is the specification's.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import type { SavedCardView } from '../../../domain/card/wire';
import { setSavedCards, useSavedCards } from '../savedCards';
import { api, errorMessage } from '../api';
import { useAuth, useIsProxy } from '../auth';
import { useNotify } from '../notify';
import { Column, EmptyState, ErrorState } from '../components/StatusViews';
import { DefaultMethodCard } from './DefaultMethodCard';
import { RemoveCardDialog, SavedCardList, SavedCardsLoading } from './SavedCardList';

export { isExpired } from './SavedCardList';

export const PAYMENT_METHOD_UPDATE_FAILED = 'There was problem while update payment method.';
const CRYPTO = 'crypto_currency';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; cards: SavedCardView[] };

export default function PaymentMethodsPage() {
  const { me, settings, refresh } = useAuth();
  const proxy = useIsProxy();
  const notify = useNotify();
  const cardsQuery = useSavedCards();
  const load: Load = cardsQuery.isSuccess ? { status: 'ready', cards: cardsQuery.data } : cardsQuery.isError ? { status: 'error', message: errorMessage(cardsQuery.error) } : { status: 'loading' };
  const [busyCard, setBusyCard] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<SavedCardView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [methodBusy, setMethodBusy] = useState(false);
  /** The choice being saved, shown at once (back to the saved one if the server refuses it). */
  const [pendingMethod, setPendingMethod] = useState<'card' | 'crypto' | null>(null);

  const fetchCards = () => cardsQuery.refetch();

  const cards = load.status === 'ready' ? load.cards : [];
  const primary = cards.find((c) => c.is_primary) ?? null;
  // With no card and no wallet choice there is no default method yet: neither option is selected.
  const method = me?.default_payment_method === CRYPTO ? 'crypto' : primary ? 'card' : '';
  const showMethod = !!settings?.is_crypto_payment_enabled || method === 'crypto';

  const setPrimary = async (card: SavedCardView) => {
    setBusyCard(card._id);
    setProblem(null);
    try {
      const answer = await api.post<SavedCardView[]>('/api/ccbill/set-primary-card', { card_id: card._id });
      setSavedCards(answer.data);
      notify(answer.message || 'Primary card updated successfully.', 'success');
      void refresh(answer.position).catch(() => undefined);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusyCard(null);
    }
  };

  const remove = async () => {
    const card = confirmRemove;
    if (!card) return;
    setBusyCard(card._id);
    setProblem(null);
    try {
      const answer = await api.post<SavedCardView[]>('/api/ccbill/remove-card', { card_id: card._id });
      setSavedCards(answer.data);
      notify(answer.message || 'Card removed successfully.', 'success');
      void refresh(answer.position).catch(() => undefined);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setBusyCard(null);
      setConfirmRemove(null);
    }
  };

  const changeMethod = async (next: 'card' | 'crypto') => {
    if (next === method) return;
    setPendingMethod(next);
    setMethodBusy(true);
    setProblem(null);
    try {
      const answer = await api.post<{ default_payment_method: string }>('/api/users/set-default-payment-method', {
        payment_method: next === 'crypto' ? CRYPTO : primary?._id,
      });
      notify(answer.message || 'Payment method updated successfully.', 'success');
      await refresh(answer.position).catch(() => undefined);
    } catch (err) {
      setProblem(errorMessage(err, PAYMENT_METHOD_UPDATE_FAILED));
    } finally {
      setMethodBusy(false);
      setPendingMethod(null);
    }
  };

  return (
    <Column width={640}>
      <Box data-testid="payment-methods-page" sx={{ mx: { xs: 1.5, sm: 0 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0, fontSize: { xs: '1.3rem', sm: '1.5rem' } }}>
            Payment methods
          </Typography>
          {!proxy && (
            <Button component={RouterLink} to="/profile/add-new-payment-method" variant="contained" startIcon={<AddRounded />} data-testid="add-card-link">
              Add new card
            </Button>
          )}
        </Box>

        {proxy && (
          <Alert severity="info" sx={{ mb: 2 }}>
            You are viewing the site as this fan: payment methods cannot be changed in this session.
          </Alert>
        )}
        {problem && (
          <Alert severity="error" role="alert" sx={{ mb: 2, whiteSpace: 'pre-line' }} onClose={() => setProblem(null)} data-testid="payment-methods-error">
            {problem}
          </Alert>
        )}

        {showMethod && load.status === 'ready' && (
          <DefaultMethodCard value={pendingMethod ?? method} primary={primary} busy={methodBusy} proxy={proxy} onChange={(next) => void changeMethod(next)} />
        )}

        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1, mt: 3 }}>
          Saved cards
        </Typography>
        {load.status === 'loading' && <SavedCardsLoading />}
        {load.status === 'error' && (
          <Box sx={{ mx: { xs: -1.5, sm: 0 } }}>
            <ErrorState title="Could not load your cards" message={load.message} onRetry={() => void fetchCards()} />
          </Box>
        )}
        {load.status === 'ready' && cards.length === 0 && (
          <Box sx={{ mx: { xs: -1.5, sm: 0 } }}>
            <EmptyState title="No saved cards" icon={<CreditCardRounded />}>
              <Typography variant="body2">Add a card to subscribe and unlock posts in one step.</Typography>
              {!proxy && (
                <Button component={RouterLink} to="/profile/add-new-payment-method" variant="outlined" startIcon={<AddRounded />} sx={{ mt: 2 }}>
                  Add a card
                </Button>
              )}
            </EmptyState>
          </Box>
        )}
        {load.status === 'ready' && cards.length > 0 && (
          <SavedCardList cards={cards} busyCard={busyCard} proxy={proxy} onMakePrimary={(c) => void setPrimary(c)} onRemove={setConfirmRemove} />
        )}
      </Box>

      <RemoveCardDialog card={confirmRemove} cardCount={cards.length} busy={!!busyCard} onCancel={() => setConfirmRemove(null)} onConfirm={() => void remove()} />
    </Column>
  );
}
