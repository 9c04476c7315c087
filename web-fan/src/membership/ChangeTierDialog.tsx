// "Change plan" on /membership: the tiers the member may move to, each with what it costs before confirming — an
// upgrade charges the prorated difference now (card on file, or the wallet for a wallet payer) and switches at
// once; a downgrade starts at the next renewal and charges nothing now (POST /api/v2/subscription/change-tier).
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { MemberTierView, SubscriptionPaymentResult, TierChangeOptionView } from '../../../domain/subscription/wire';
import { formatMoney } from '../../../domain/shared/money';
import { api, errorMessage, uuid } from '../api';
import { shortDate } from '../format';

const every = (tier: MemberTierView) => (tier.bundle_months ? `every ${tier.bundle_months} months` : '/ month');

/** What choosing this tier means, in one line. */
export function changeLine(o: TierChangeOptionView, tier: MemberTierView): string {
  const renewal = `${formatMoney(o.recurring_cents)} ${every(tier)}`;
  if (o.kind === 'upgrade')
    return o.charge_now_cents > 0 ? `${formatMoney(o.charge_now_cents)} now for the rest of this period, then ${renewal}.` : `Nothing to pay now, then ${renewal}.`;
  if (o.kind === 'keep') return `Stay on ${o.name} at ${renewal}; the change planned for ${shortDate(o.starts_at)} is dropped.`;
  return `From ${shortDate(o.starts_at)}: ${renewal}. Nothing to pay now.`;
}

export function ChangeTierDialog({
  open,
  tier,
  fromWallet,
  onClose,
  onChanged,
  initialChoice = null,
}: {
  open: boolean;
  tier: MemberTierView;
  fromWallet: boolean;
  /** The tier chosen when the dialog opens ("Upgrade to VIP" on a post). */
  initialChoice?: string | null;
  onClose: () => void;
  onChanged: (answer: { message?: string; position?: string }) => void;
}) {
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [choice, setChoice] = useState<string | null>(initialChoice);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // One key per dialog: a retry of the same click is charged once.
  const [key] = useState(uuid);
  const option = tier.changes.find((o) => o.tier_id === choice) ?? null;

  const confirm = async () => {
    if (!option) return;
    setBusy(true);
    setError('');
    try {
      const answer = await api.post<SubscriptionPaymentResult>(
        '/api/v2/subscription/change-tier',
        { tier_id: option.tier_id, ...(fromWallet ? { payment_method: 'crypto_currency' } : {}) },
        { idempotencyKey: `${key}-${option.tier_id}` },
      );
      if (answer.data && answer.data.accepted === false) {
        setError(answer.message || 'Payment failed.');
        return;
      }
      onChanged(answer);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="change-tier-title" data-testid="change-tier-dialog">
      <DialogTitle id="change-tier-title">Change plan</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          You are on {tier.name}. A higher tier starts now, for the difference over the days left; a lower one starts at your next renewal.
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="change-tier-error">
            {error}
          </Alert>
        )}
        <Box role="radiogroup" aria-label="Tier" sx={{ display: 'grid', gap: 1.25 }}>
          {tier.changes.map((o) => {
            const selected = o.tier_id === choice;
            return (
              <ButtonBase
                key={o.tier_id}
                role="radio"
                aria-checked={selected}
                disabled={busy}
                onClick={() => setChoice(o.tier_id)}
                data-testid={`change-tier-${o.name}`}
                sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start', textAlign: 'left', p: 1.5, borderRadius: 2, border: 2, borderColor: selected ? 'primary.main' : 'divider', bgcolor: selected ? 'action.selected' : 'transparent', width: '100%' }}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 700 }}>{o.name}</Typography>
                  <Typography variant="body2" color={o.kind === 'upgrade' ? 'primary' : 'text.secondary'} sx={{ fontWeight: 600 }}>
                    {o.kind === 'upgrade' ? 'Upgrade' : o.kind === 'downgrade' ? 'Downgrade' : 'Keep'}
                  </Typography>
                </Box>
                {o.benefits.length > 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {o.benefits.join(' · ')}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ mt: 0.75 }} data-testid={`change-tier-line-${o.name}`}>
                  {changeLine(o, tier)}
                </Typography>
              </ButtonBase>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={busy || !option}
          data-testid="change-tier-confirm"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {option?.kind === 'upgrade' && option.charge_now_cents > 0 ? `Pay ${formatMoney(option.charge_now_cents)} and upgrade` : 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
