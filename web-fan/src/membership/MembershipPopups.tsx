// Membership popups and ribbons:
//   - rebill failed (popup): the renewal was declined; update the card now (charged at once) or later. Closing it
//     records the date (POST /api/users/updateRebillNotificationDate); it comes back after a day or a new failure.
//   - rebill reminder (ribbon under the top bar): while the rebill keeps failing and the popup is closed.
//   - subscription migration (popup): members billed on the old billing API accept the conditions and confirm a
//     card; the migration price is charged and the membership continues on the new API.
//   - the resubscribe offer ribbon (./ResubscribeOffer.tsx).
//   - set payment method (popup): a renewing member has no payment method left (./paymentMethodPopup.ts).
// A proxy session (an admin viewing the site as the fan) may close the rebill and migration popups, never pay.
// One popup at a time: the rebill popup first.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import AddCardRounded from '@mui/icons-material/AddCardRounded';
import { needsPaymentMethodPopup, PAYMENT_METHOD_LATER_KEY } from './paymentMethodPopup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import CreditCardOffRounded from '@mui/icons-material/CreditCardOffRounded';
import type { MigrationDataView, MigrationResult } from '../../../domain/subscription/wire';
import { MIGRATION_UNKNOWN_ERROR } from '../../../domain/subscription/subscription';
import { formatMoney } from '../../../domain/shared/money';
import { api, errorMessage } from '../api';
import { useAuth, useIsProxy } from '../auth';
import { shortDate } from '../format';
import { useNotify } from '../notify';
import { usePaymentFlow } from '../payments/usePaymentFlow';
import { useMembership } from './useMembership';
import { useRebillRecovery } from './useRebillRecovery';
import { ResubscribeOfferRibbon } from './ResubscribeOffer';

const MIGRATION_LATER_KEY = 'fanclub.migrationLater';

function RebillFailedPopup() {
  const { details, reload } = useMembership();
  const { refresh } = useAuth();
  const proxy = useIsProxy();
  const [closing, setClosing] = useState(false);
  const [hidden, setHidden] = useState(false);
  const recovery = useRebillRecovery({ amountCents: details?.recurring_cents ?? 0, onRecovered: () => void reload() });
  const open = !!details?.rebill_popup && !hidden;

  const later = async () => {
    setClosing(true);
    setHidden(true);
    try {
      const a = await api.post('/api/users/updateRebillNotificationDate', {});
      await refresh(a.position).catch(() => undefined);
    } catch {
      /* shown again next time */
    } finally {
      setClosing(false);
    }
  };

  if (!details) return null;
  return (
    <>
      <Dialog open={open} onClose={() => void later()} aria-labelledby="rebill-popup-title" maxWidth="xs" fullWidth slotProps={{ paper: { 'data-testid': 'rebill-popup' } as object }}>
        <DialogTitle id="rebill-popup-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CreditCardOffRounded color="error" aria-hidden />
          Your payment failed
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {details.active
              ? `We could not charge your card for the next month of your membership. Update your card before ${shortDate(details.expiration_date)} to keep your access.`
              : 'We could not charge your card, so your membership is paused. Update your card to continue right away.'}
          </DialogContentText>
          {details.rebill_retry_at && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              We will try your card again on {shortDate(details.rebill_retry_at)}.
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button color="inherit" onClick={() => void later()} disabled={closing} data-testid="rebill-popup-later">
            {proxy ? 'Close' : 'Later'}
          </Button>
          {!proxy && (
            <Button
              variant="contained"
              data-testid="rebill-popup-update-card"
              onClick={() => {
                setHidden(true);
                recovery.open();
              }}
            >
              Update card
            </Button>
          )}
        </DialogActions>
      </Dialog>
      {recovery.elements}
    </>
  );
}

function MigrationPopup({ migration }: { migration: MigrationDataView }) {
  const { refresh } = useAuth();
  const proxy = useIsProxy();
  const notify = useNotify();
  const flow = usePaymentFlow();
  const { reload } = useMembership();
  const [accepted, setAccepted] = useState(migration.conditions_accepted);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [later, setLater] = useState(() => {
    try {
      return sessionStorage.getItem(MIGRATION_LATER_KEY) === '1';
    } catch {
      return false;
    }
  });
  const close = () => {
    setLater(true);
    try {
      sessionStorage.setItem(MIGRATION_LATER_KEY, '1');
    } catch {
      /* ignore */
    }
  };

  const confirm = async () => {
    setError('');
    if (!migration.conditions_accepted) {
      setSaving(true);
      try {
        await api.post('/api/save-condition', {});
      } catch (err) {
        setError(errorMessage(err));
        setSaving(false);
        return;
      }
      setSaving(false);
    }
    await flow.start({
      endpoint: { action: 'migrate' },
      body: {},
      submitLabel: `Pay ${formatMoney(migration.price_cents)}`,
      summary: `${migration.title}: ${formatMoney(migration.price_cents)} / month`,
      onAccepted: (a) => {
        notify(a.message || 'Your subscription has been migrated successfully.', 'success');
        void refresh(a.position).then(() => reload());
      },
      onFailed: ({ message, result }) => {
        // Anything but the unknown-error answer changed the fan's state: load it again.
        if (message !== MIGRATION_UNKNOWN_ERROR) void refresh().then(() => reload());
        if ((result as MigrationResult | undefined)?.ccbill_subscription_status === '0') close();
      },
    });
  };

  return (
    <>
      <Dialog open={!later} onClose={close} aria-labelledby="migration-popup-title" maxWidth="xs" fullWidth slotProps={{ paper: { 'data-testid': 'migration-popup' } as object }}>
        <DialogTitle id="migration-popup-title">{migration.title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ whiteSpace: 'pre-line' }}>{migration.description}</DialogContentText>
          <Typography sx={{ mt: 2, fontWeight: 600 }}>{formatMoney(migration.price_cents)} / month</Typography>
          {!proxy && (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} slotProps={{ input: { 'data-testid': 'migration-accept' } as object }} />}
              label="I accept the terms and conditions"
            />
          )}
          {error && (
            <Typography color="error" variant="body2" role="alert">
              {error}
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={close}>
            {proxy ? 'Close' : 'Later'}
          </Button>
          {!proxy && (
            <Button variant="contained" disabled={!accepted || saving || flow.busy} onClick={() => void confirm()} data-testid="migration-confirm" startIcon={saving || flow.busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
              Continue
            </Button>
          )}
        </DialogActions>
      </Dialog>
      {flow.elements}
    </>
  );
}

function SetPaymentMethodPopup({ renewsOn }: { renewsOn: string | null }) {
  const [open, setOpen] = useState(true);
  const later = () => {
    try {
      localStorage.setItem(PAYMENT_METHOD_LATER_KEY, new Date().toISOString());
    } catch { /* private mode: closed for this page only */ }
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={later} aria-labelledby="payment-method-popup-title" maxWidth="xs" fullWidth slotProps={{ paper: { 'data-testid': 'payment-method-popup' } as object }}>
      <DialogTitle id="payment-method-popup-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <AddCardRounded color="primary" aria-hidden />
        Set a payment method
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          Your membership renews{renewsOn ? ` on ${shortDate(renewsOn)}` : ''}, but you have no payment method saved. Add a card so your access continues without a break.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button color="inherit" onClick={later} data-testid="payment-method-popup-later">Later</Button>
        <Button component={RouterLink} to="/profile/add-new-payment-method" variant="contained" onClick={() => setOpen(false)} data-testid="payment-method-popup-add">
          Add a card
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function laterAt(): string | null {
  try {
    return localStorage.getItem(PAYMENT_METHOD_LATER_KEY);
  } catch {
    return null;
  }
}

/** Mounted once for signed-in fans (App.tsx). */
export default function MembershipPopups() {
  const { me } = useAuth();
  const proxy = useIsProxy();
  const { details } = useMembership();
  if (!me || !details || (me.role !== 'user' && me.role !== 'proxy_user')) return null;
  if (details.is_rebill_failed) return <RebillFailedPopup />;
  if (details.migration?.show_popup) return <MigrationPopup migration={details.migration} />;
  if (needsPaymentMethodPopup({ role: me.role, proxy, defaultPaymentMethod: me.default_payment_method }, details, laterAt(), Date.now())) {
    return <SetPaymentMethodPopup renewsOn={details.next_billing_date} />;
  }
  return null;
}

/** Ribbons under the top bar (Shell): the rebill reminder and the resubscribe offer. */
export function MembershipRibbons() {
  const { me } = useAuth();
  const { details } = useMembership();
  const proxy = useIsProxy();
  const recovery = useRebillRecovery({ amountCents: details?.recurring_cents ?? 0 });
  if (!me || (me.role !== 'user' && me.role !== 'proxy_user') || !details) return null;
  if (details.is_rebill_failed && !details.rebill_popup) {
    return (
      <Box role="status" data-testid="rebill-reminder" sx={{ bgcolor: 'error.dark', color: '#fff' }}>
        <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: 0.75, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <CreditCardOffRounded fontSize="small" aria-hidden />
          <Typography variant="body2" sx={{ fontWeight: 700, flex: 1, minWidth: 160 }}>
            {details.active ? `Your last payment failed. Update your card before ${shortDate(details.expiration_date)}.` : 'Your last payment failed. Your membership is paused.'}
          </Typography>
          {!proxy && (
            <Button size="small" variant="outlined" color="inherit" onClick={recovery.open} sx={{ borderColor: 'currentColor', py: 0.25, whiteSpace: 'nowrap' }} data-testid="rebill-reminder-update-card">
              Update card
            </Button>
          )}
        </Box>
        {recovery.elements}
      </Box>
    );
  }
  return <ResubscribeOfferRibbon />;
}
