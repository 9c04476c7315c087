// /profile/payment-method: the fan's saved cards (brand, last 4, expiry,
// primary), set primary, remove with confirmation, and the default payment method (card or crypto wallet).
// Errors show the server's message; the default-method failure text is the specification's.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import type { SavedCardView } from '../../../domain/card/wire';
import type { PaymentIconBrand } from '../../../domain/settings/landing';
import { setSavedCards, useSavedCards } from '../savedCards';
import { api, errorMessage } from '../api';
import { useAuth, useIsProxy } from '../auth';
import { money } from '../format';
import { useNotify } from '../notify';
import { PaymentIcons } from '../components/PaymentIcons';
import { Column, EmptyState, ErrorState } from '../components/StatusViews';
import { useMayOpen } from '../components/Guard';
import { CARD_TYPE_LABELS, cardName } from '../payments/cardValidation';

export const PAYMENT_METHOD_UPDATE_FAILED = 'There was problem while update payment method.';
const CRYPTO = 'crypto_currency';

const BRANDS = new Set(Object.keys(CARD_TYPE_LABELS));


/** A card is usable through the last day of its expiry month. */
export function isExpired(c: Pick<SavedCardView, 'exp_month' | 'exp_year'>, now = new Date()): boolean {
  const y = Number(c.exp_year);
  const m = Number(c.exp_month);
  return y < now.getFullYear() || (y === now.getFullYear() && m < now.getMonth() + 1);
}

function BrandBadge({ brand }: { brand: string }) {
  if (BRANDS.has(brand)) {
    return (
      <Box aria-hidden sx={{ flexShrink: 0 }}>
        <PaymentIcons brands={[brand as PaymentIconBrand]} justify="flex-start" testId="card-brand-icon" />
      </Box>
    );
  }
  return <CreditCardRounded aria-hidden sx={{ width: 38, height: 24, color: 'text.secondary', flexShrink: 0 }} />;
}

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; cards: SavedCardView[] };

export default function PaymentMethodsPage() {
  const { me, settings, refresh } = useAuth();
  const proxy = useIsProxy();
  const may = useMayOpen();
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
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, mb: 2 }} data-testid="default-method">
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }} id="default-method-label">
              Default payment method
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Used for your purchases and membership renewals.
            </Typography>
            <RadioGroup aria-labelledby="default-method-label" value={pendingMethod ?? method} onChange={(_e, v) => void changeMethod(v as 'card' | 'crypto')}>
              <FormControlLabel
                value="card"
                disabled={methodBusy || proxy || !primary}
                control={<Radio inputProps={{ 'data-testid': 'method-card' } as object} />}
                label={
                  <Box>
                    <Typography component="span">Card</Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {primary ? `Your primary card, ${cardName(primary)}` : 'Add a card to pay by card'}
                    </Typography>
                  </Box>
                }
                sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.75 }, mb: 1 }}
              />
              <FormControlLabel
                value="crypto"
                disabled={methodBusy || proxy}
                control={<Radio inputProps={{ 'data-testid': 'method-crypto' } as object} />}
                label={
                  <Box>
                    <Typography component="span">Crypto wallet</Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      Balance {money(me?.wallet_amount ?? 0, me?.wallet_amount_cents)}
                    </Typography>
                  </Box>
                }
                sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.75 } }}
              />
            </RadioGroup>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1, minHeight: 30 }}>
              {may('/profile/wallet') && (
                <Button component={RouterLink} to="/profile/wallet" size="small" variant="text" data-testid="wallet-link">
                  Add funds to your wallet
                </Button>
              )}
              {methodBusy && <CircularProgress size={18} aria-label="Saving" />}
            </Box>
          </Paper>
        )}

        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1, mt: 3 }}>
          Saved cards
        </Typography>
        {load.status === 'loading' && (
          <Paper variant="outlined" sx={{ borderRadius: 3, px: { xs: 2, sm: 3 }, py: 1 }} aria-busy="true" data-testid="cards-loading">
            {[0, 1].map((i) => (
              <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
                <Skeleton variant="rounded" width={38} height={24} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="45%" />
                  <Skeleton width="25%" />
                </Box>
              </Box>
            ))}
          </Paper>
        )}
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
          <Paper variant="outlined" component="ul" sx={{ borderRadius: 3, overflow: 'hidden', listStyle: 'none', m: 0, p: 0 }} data-testid="saved-cards">
            {cards.map((c, index) => {
              const expired = isExpired(c);
              const busy = busyCard === c._id;
              return (
                <Box
                  component="li"
                  key={c._id}
                  data-testid="saved-card"
                  data-card-id={c._id}
                  data-primary={c.is_primary ? 'true' : 'false'}
                  sx={{
                    display: 'grid',
                    // Phones: the action goes under the card's name; wider screens: one row.
                    gridTemplateColumns: { xs: '38px minmax(0, 1fr) auto', sm: '38px minmax(0, 1fr) auto auto' },
                    gridTemplateAreas: { xs: '"badge info remove" ". action action"', sm: '"badge info action remove"' },
                    alignItems: 'center',
                    columnGap: { xs: 1.5, sm: 2 },
                    px: { xs: 2, sm: 3 },
                    py: 1.5,
                    borderTop: index === 0 ? 0 : 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ gridArea: 'badge', display: 'flex' }}>
                    <BrandBadge brand={c.brand} />
                  </Box>
                  <Box sx={{ gridArea: 'info', minWidth: 0 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="card-name">
                        {cardName(c)}
                      </Typography>
                      {c.is_primary && <Chip label="Primary" size="small" color="primary" data-testid="primary-chip" />}
                    </Box>
                    <Typography variant="body2" color={expired ? 'error' : 'text.secondary'} data-testid="card-expiry">
                      {expired ? 'Expired' : 'Expires'} {c.exp_month}/{c.exp_year}
                    </Typography>
                  </Box>
                  {!proxy && !c.is_primary && (
                    <Box sx={{ gridArea: 'action', justifySelf: 'start', mt: { xs: 1, sm: 0 } }}>
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => void setPrimary(c)}
                        disabled={!!busyCard}
                        data-testid="make-primary"
                        startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        Make primary
                      </Button>
                    </Box>
                  )}
                  {!proxy && (
                    <Box sx={{ gridArea: 'remove' }}>
                      <Tooltip title="Remove card">
                        <span>
                          <IconButton aria-label={`Remove ${cardName(c)}`} onClick={() => setConfirmRemove(c)} disabled={!!busyCard} data-testid="remove-card" edge="end">
                            <DeleteOutlineRounded />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </Box>
                  )}
                </Box>
              );
            })}
          </Paper>
        )}
      </Box>

      <Dialog
        open={!!confirmRemove}
        onClose={() => !busyCard && setConfirmRemove(null)}
        aria-labelledby="remove-card-title"
        aria-describedby="remove-card-text"
        maxWidth="xs"
        fullWidth
        slotProps={{ paper: { 'data-testid': 'remove-card-dialog' } as object }}
      >
        <DialogTitle id="remove-card-title">Remove card?</DialogTitle>
        <DialogContent>
          <DialogContentText id="remove-card-text">
            {confirmRemove && `${cardName(confirmRemove)} will be removed from your account.`}
            {confirmRemove?.is_primary && cards.length > 1 && ' Your most recently added other card becomes your primary card.'}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirmRemove(null)} disabled={!!busyCard} color="inherit">
            Cancel
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => void remove()}
            disabled={!!busyCard}
            data-testid="confirm-remove-card"
            startIcon={busyCard ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Column>
  );
}
