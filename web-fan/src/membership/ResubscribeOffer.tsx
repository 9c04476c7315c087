// The resubscribe offer ribbon: shown to former and cancelled members while the creator
// runs it. Free months need a payment method for the renewals (nothing is charged now), 0 charges the reduced
// price now, -1 is a free month without any payment method. Paying from the wallet needs a non-zero balance
// ('Please Add Funds in wallet to subscribe.').
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CloseRounded from '@mui/icons-material/CloseRounded';
import CelebrationRounded from '@mui/icons-material/CelebrationRounded';
import type { ResubscribeQuote } from '../../../domain/offer/resubscribe-offer';
import { formatMoney } from '../../../domain/shared/money';
import { ApiError, api, errorMessage } from '../api';
import { useAuth, useIsProxy } from '../auth';
import { useNotify } from '../notify';
import { usePaymentFlow } from '../payments/usePaymentFlow';
import { useMembership } from './useMembership';

export type Offer = { promo_banner_text: string; quote: ResubscribeQuote };

export function offerTerms(q: ResubscribeQuote): string {
  if (q.kind === 'free') return 'One month free. No card needed, nothing is charged.';
  if (q.kind === 'reduced_price') return `${formatMoney(q.chargeNowCents)} / month, starting today.`;
  const months = Math.round(q.freeDays / 30);
  return `${months} ${months === 1 ? 'month' : 'months'} free, then ${formatMoney(q.recurringCents ?? 0)} / month.`;
}

const ENDPOINT = '/api/v2/purchase/resubscribe-with-card';
const DISMISS_KEY = 'fanclub.resubscribeOfferDismissed';

function useAcceptOffer(offer: Offer, onDone: () => void) {
  const { me, refresh } = useAuth();
  const notify = useNotify();
  const flow = usePaymentFlow();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; addFunds: boolean } | null>(null);
  const wallet = me?.default_payment_method === 'crypto_currency';

  const accepted = async (message: string | undefined, position?: string) => {
    notify(message || 'Welcome back!', 'success');
    await refresh(position).catch(() => undefined);
    onDone();
  };

  const accept = async () => {
    setError(null);
    if (offer.quote.paymentMethodRequired && !wallet) {
      await flow.start({
        endpoint: { action: 'resubscribe' },
        body: {},
        submitLabel: offer.quote.chargeNowCents > 0 ? `Pay ${formatMoney(offer.quote.chargeNowCents)}` : 'Save card and start',
        summary: offerTerms(offer.quote),
        onAccepted: (a) => void accepted(a.message, a.position),
      });
      return;
    }
    setBusy(true);
    try {
      const a = await api.post(ENDPOINT, wallet && offer.quote.paymentMethodRequired ? { payment_method: 'crypto_currency' } : {});
      await accepted(a.message, a.position);
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      setError({ message: errorMessage(err), addFunds: e?.status === 402 && (e.code === 'WALLET_EMPTY' || e.code === 'INSUFFICIENT_FUNDS') });
    } finally {
      setBusy(false);
    }
  };
  return { accept, busy: busy || flow.busy, error, elements: flow.elements };
}

/** The offer on the membership page. */
export function ResubscribeOfferCard({ offer, onDone }: { offer: Offer; onDone: () => void }) {
  const a = useAcceptOffer(offer, onDone);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 3 }, mx: { xs: 1.5, sm: 0 }, mt: 2, borderRadius: 3, borderColor: 'primary.main', bgcolor: (t) => alpha(t.palette.primary.main, 0.06) }}
      data-testid="resubscribe-offer"
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <CelebrationRounded color="primary" aria-hidden sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {offer.promo_banner_text}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }} data-testid="resubscribe-offer-terms">
            {offerTerms(offer.quote)}
          </Typography>
        </Box>
      </Box>
      {a.error && (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            a.error.addFunds ? (
              <Button component={RouterLink} to="/profile/wallet" color="inherit" size="small">
                Add funds
              </Button>
            ) : undefined
          }
        >
          {a.error.message}
        </Alert>
      )}
      <Button variant="contained" fullWidth sx={{ mt: 2 }} onClick={() => void a.accept()} disabled={a.busy} data-testid="resubscribe-accept" startIcon={a.busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
        Come back
      </Button>
      {a.elements}
    </Paper>
  );
}

/** The resubscribe ribbon under the top bar (hidden on the membership page, which shows the offer itself). */
export function ResubscribeOfferRibbon() {
  const { details, reload } = useMembership();
  const proxy = useIsProxy();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(() => {
    try {
      return sessionStorage.getItem(DISMISS_KEY) === '1';
    } catch {
      return false;
    }
  });
  const offer = details?.offer ?? null;
  if (!offer || proxy || dismissed || pathname.startsWith('/membership') || pathname.startsWith('/subscribe')) return null;
  return <OfferRibbonBody offer={offer} onDone={() => void reload()} onDismiss={() => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISS_KEY, '1');
    } catch {
      /* ignore */
    }
  }} />;
}

function OfferRibbonBody({ offer, onDone, onDismiss }: { offer: Offer; onDone: () => void; onDismiss: () => void }) {
  const a = useAcceptOffer(offer, onDone);
  return (
    <Box role="region" aria-label="Resubscribe offer" data-testid="resubscribe-ribbon" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: 0.75, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <CelebrationRounded fontSize="small" aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: 700, flex: 1, minWidth: 160, overflowWrap: 'anywhere' }}>
          {offer.promo_banner_text} <Box component="span" sx={{ fontWeight: 400 }}>{offerTerms(offer.quote)}</Box>
        </Typography>
        <Button size="small" variant="outlined" color="inherit" onClick={() => void a.accept()} disabled={a.busy} sx={{ borderColor: 'currentColor', py: 0.25, whiteSpace: 'nowrap' }} data-testid="resubscribe-ribbon-accept">
          Come back
        </Button>
        <IconButton size="small" color="inherit" aria-label="Dismiss the offer" onClick={onDismiss}>
          <CloseRounded fontSize="small" />
        </IconButton>
      </Box>
      {a.error && (
        <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, pb: 1 }}>
          <Alert severity="error" variant="filled" action={a.error.addFunds ? <Button component={RouterLink} to="/profile/wallet" color="inherit" size="small">Add funds</Button> : undefined}>
            {a.error.message}
          </Alert>
        </Box>
      )}
      {a.elements}
    </Box>
  );
}
