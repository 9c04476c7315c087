// /profile/add-new-payment-method: the card form on a page. Saves through
// POST /api/v2/purchase/add-new-card (the number goes to the gateway; only brand, last 4 and expiry are kept),
// then returns to /profile/payment-method.
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import type { AddCardRequest, CardForm, SavedCardView } from '../../../domain/card/wire';
import { ApiError, IdempotentAction, api, errorMessage } from '../api';
import { savedCardsChanged, useSavedCards } from '../savedCards';
import { useAuth, useIsProxy } from '../auth';
import { useNotify } from '../notify';
import { Column } from '../components/StatusViews';
import AddCardForm, { useAddCardForm, type ServerError } from '../card-form/AddCardForm';
import { paymentCall } from '../paymentPaths';

const FORM_ID = 'add-card-form';

export default function AddPaymentMethodPage() {
  const { me, refresh, settings } = useAuth();
  const proxy = useIsProxy();
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useAddCardForm({ defaultEmail: me?.email ?? '', defaultName: me?.name ?? '', fields: settings?.card_form_fields });
  const action = useRef(new IdempotentAction());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ServerError>(null);
  const cards = useSavedCards();
  const hasCards = cards.isSuccess ? cards.data.length > 0 : null;
  const [makePrimary, setMakePrimary] = useState(true);

  const save = async (card: CardForm) => {
    const body: AddCardRequest = { ...card, make_primary: hasCards === false ? true : makePrimary };
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<SavedCardView>(paymentCall(settings, 'add_card'), body, { idempotencyKey: action.current.keyFor(body) });
      action.current.settle();
      savedCardsChanged();
      notify(answer.message || 'Card added successfully.', 'success');
      void refresh(answer.position).catch(() => undefined);
      navigate('/profile/payment-method');
    } catch (err) {
      action.current.settle(err);
      setError({ message: errorMessage(err), field: err instanceof ApiError ? err.field : undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Column width={680}>
      <Box data-testid="add-payment-method-page" sx={{ mx: { xs: 1.5, sm: 0 } }}>
        <Button component={RouterLink} to="/profile/payment-method" startIcon={<ArrowBackRounded />} color="inherit" sx={{ mb: 1 }}>
          Payment methods
        </Button>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
          <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
            Add Card Details
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            Save a card for subscriptions and unlocks. Nothing is charged now.
          </Typography>
          {proxy ? (
            <Alert severity="info">You are viewing the site as this fan: cards cannot be added in this session.</Alert>
          ) : (
            <>
              <AddCardForm form={form} id={FORM_ID} busy={busy} error={error} onSubmit={(card) => void save(card)} autoFocus />
              {hasCards && (
                <FormControlLabel
                  control={<Checkbox checked={makePrimary} onChange={(e) => setMakePrimary(e.target.checked)} disabled={busy} inputProps={{ 'data-testid': 'make-primary-checkbox' } as object} />}
                  label="Make this my primary card"
                  sx={{ mt: 1 }}
                />
              )}
              <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', mt: 2, flexWrap: 'wrap-reverse' }}>
                <Button component={RouterLink} to="/profile/payment-method" color="inherit" disabled={busy}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  form={FORM_ID}
                  variant="contained"
                  disabled={busy}
                  data-testid="save-card-button"
                  startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <LockRounded fontSize="small" />}
                >
                  Save card
                </Button>
              </Box>
            </>
          )}
        </Paper>
      </Box>
    </Column>
  );
}
