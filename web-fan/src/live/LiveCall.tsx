// A paid one-to-one live call on the fan site: before it starts, the fan confirms the rate and sees their wallet
// balance (and adds funds when it does not cover a minute); during it, the call time and what it cost so far show
// over the video and follow the server (LIVE_CALL_TIME, LIVE_MINUTE_CHARGED).
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import { CALL_BILLING_RULE, callElapsedMs, callTerms, formatElapsed, type LiveCall } from '../../../domain/live-client/rules';
import { formatMoney } from '../../../domain/shared/money';
import { glass } from './LiveParts';

/** The rate, the balance and the rule; Join with that price, or Add Funds when the balance does not pay a minute. */
export function CallConfirmDialog({ open, call, creator, onJoin, onAddFunds, onCancel }: {
  open: boolean; call: LiveCall; creator: string; onJoin: () => void; onAddFunds: () => void; onCancel: () => void;
}) {
  const terms = callTerms(call.pricePerMinuteCents, call.walletBalanceCents);
  const low = terms.minutes === 0;
  return (
    <Dialog open={open} onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="live-rate-title" data-testid="live-rate-confirm">
      <DialogTitle id="live-rate-title">Join the private live call</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {creator ? `${creator} charges ` : 'This call costs '}
          <strong data-testid="live-rate">{terms.rate}</strong>.
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'action.hover', mb: 2 }}>
          <AccountBalanceWalletRounded color={low ? 'error' : 'primary'} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              Your wallet balance
            </Typography>
            <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="live-rate-balance">
              {terms.balance}
            </Typography>
            <Typography variant="body2" color={low ? 'error' : 'text.secondary'} data-testid="live-rate-minutes">
              {low ? 'Not enough for a minute' : `Enough for ${terms.minutes} ${terms.minutes === 1 ? 'minute' : 'minutes'}`}
            </Typography>
          </Box>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {CALL_BILLING_RULE}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} data-testid="live-rate-cancel">
          Cancel
        </Button>
        {low ? (
          <Button variant="contained" onClick={onAddFunds} data-testid="live-rate-add-funds">
            Add Funds
          </Button>
        ) : (
          <Button variant="contained" onClick={onJoin} data-testid="live-rate-join">
            Join for {formatMoney(call.pricePerMinuteCents)}/min
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Over the video: the call time (running while both are connected) and what the call cost so far, at the rate. */
export function CallCost({ call, skewMs }: { call: LiveCall; skewMs: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const running = !!call.billingSince;
  return (
    <Box
      data-testid="live-call-cost"
      data-running={running ? 'yes' : 'no'}
      aria-live="polite"
      sx={{ ...glass, display: 'inline-flex', alignItems: 'center', gap: 1, px: 1.25, py: 0.5, borderRadius: 4, fontSize: 13, fontVariantNumeric: 'tabular-nums', '&:hover': undefined }}
    >
      <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: running ? '#43a047' : '#fbc02d', flex: 'none' }} aria-hidden />
      <span>
        Call <strong data-testid="live-call-elapsed">{formatElapsed(callElapsedMs(call, now, skewMs))}</strong>
      </span>
      <span aria-hidden>·</span>
      <span>
        <strong data-testid="live-call-charged">{formatMoney(call.chargedCents)}</strong> charged
      </span>
      <Box component="span" sx={{ opacity: 0.8 }}>
        · {formatMoney(call.pricePerMinuteCents)}/min
      </Box>
    </Box>
  );
}
