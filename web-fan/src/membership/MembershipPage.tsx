// /membership: status, price, expiry and next billing, the card on file, and what the fan can do now —
// cancel (a link to the cancel page), reactivate a cancelled membership, cancel a complimentary one, update the card
// after a failed rebill, subscribe, take the resubscribe offer, or change the tier (ChangeTierDialog).
import { cardName } from '../card-form/cardValidation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import type { MembershipDetailsView } from '../../../domain/subscription/wire';
import { SUBSCRIPTION_REACTIVATED } from '../../../domain/subscription/subscription';
import { formatMoney } from '../../../domain/shared/money';
import { api, errorMessage } from '../api';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { shortDate } from '../format';
import { useNotify } from '../notify';
import { savedCardsChanged, useSavedCards } from '../savedCards';
import { Column, ErrorState } from '../components/StatusViews';
import { useMembership } from './useMembership';
import { useRebillRecovery } from './useRebillRecovery';
import { ResubscribeOfferCard } from './ResubscribeOffer';
import { ChangeTierDialog } from './ChangeTierDialog';
import { paysFromWallet } from '../wallet/useWalletPurchase';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1.25, flexWrap: 'wrap' }}>
      <Typography color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}


type Tone = 'success' | 'warning' | 'error' | 'info' | 'default';
/** The status chip: what the status code and the dates mean for the fan. */
export function statusLabel(d: MembershipDetailsView): { label: string; tone: Tone; key: string } {
  if (d.is_rebill_failed) return d.active ? { label: 'Payment failed', tone: 'warning', key: 'rebill-failed' } : { label: 'Payment failed · paused', tone: 'error', key: 'lapsed' };
  if (d.status === '2') return { label: 'Cancelled', tone: 'warning', key: 'cancelled' };
  if (d.complimentary) return { label: 'Complimentary', tone: 'info', key: 'complimentary' };
  if (d.active) return { label: 'Active', tone: 'success', key: 'active' };
  return d.expiration_date ? { label: 'Expired', tone: 'default', key: 'expired' } : { label: 'Not subscribed', tone: 'default', key: 'none' };
}

export default function MembershipPage() {
  const { me, refresh } = useAuth();
  const proxy = useIsProxy();
  const notify = useNotify();
  const modelName = useModelName();
  const { details, error, reload } = useMembership();
  const cardsQuery = useSavedCards();
  const cards = cardsQuery.data ?? null;
  const cardsError = cardsQuery.isError && !cards ? errorMessage(cardsQuery.error) : '';
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState('');
  const [changing, setChanging] = useState(false);
  const recovery = useRebillRecovery({ amountCents: details?.recurring_cents ?? 0, onRecovered: () => void reload() });

  // The card on file changed (a payment method switched): the saved cards are read again.
  const paymentMethod = me?.subscription_detail?.payment_method;
  const shownFor = useRef(paymentMethod);
  useEffect(() => {
    if (shownFor.current === paymentMethod) return;
    shownFor.current = paymentMethod;
    savedCardsChanged();
  }, [paymentMethod]);

  const reactivate = async () => {
    setBusy(true);
    setActionError('');
    try {
      const answer = await api.post<MembershipDetailsView>('/api/v2/subscription/reactivate', {});
      notify(answer.message || SUBSCRIPTION_REACTIVATED, 'success');
      await refresh(answer.position).catch(() => undefined);
    } catch (err) {
      setActionError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (error && !details) {
    return (
      <Column width={560}>
        <ErrorState message={error} onRetry={() => void reload()} />
      </Column>
    );
  }

  const primary = cards?.find((c) => c.is_primary) ?? cards?.[0];
  const status = details ? statusLabel(details) : null;
  // The plan is shown once the creator offers a choice (another tier, a bundle) or the member is on one.
  const t = details?.tier ?? null;
  const tier = t && (t.tier_id !== 'base' || t.bundle_months || t.scheduled || t.changes.length > 0) ? t : null;

  return (
    <Column width={560}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3 }} data-testid="membership-card">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1">
            Membership
          </Typography>
          {status ? (
            <Chip
              label={status.label}
              color={status.tone}
              variant={status.tone === 'default' ? 'outlined' : 'filled'}
              data-testid="membership-status"
              data-status={details!.status}
              data-state={status.key}
              data-active={details!.active ? 'true' : 'false'}
            />
          ) : (
            <Skeleton width={90} height={32} />
          )}
        </Box>
        {details && (
          <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="membership-summary">
            {details.is_rebill_failed
              ? details.active
                ? `Your last payment failed. Update your card before ${shortDate(details.expiration_date)} to keep your membership.`
                : 'Your last payment failed and your membership is paused. Update your card to continue.'
              : details.status === '2'
                ? `Your subscription is cancelled. You keep access until ${shortDate(details.expiration_date)}.`
                : details.complimentary
                  ? `You have a complimentary membership of ${modelName}'s club.`
                  : details.active
                    ? `You are a member of ${modelName}'s club.`
                    : `Subscribe to see every private post from ${modelName}.`}
          </Typography>
        )}
        <Divider sx={{ my: 2 }} />
        {!details ? (
          <Box aria-busy="true">
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Box>
        ) : (
          <Box component="dl" sx={{ m: 0 }}>
            {details.expiration_date && (
              <Row label={details.active ? (details.renews ? 'Paid through' : 'Access until') : 'Ended on'} testId="membership-expiration">
                {shortDate(details.expiration_date)}
              </Row>
            )}
            {details.renews && details.next_billing_date && (
              <Row label={details.is_rebill_failed ? 'Next payment attempt' : 'Next billing date'} testId="membership-next-billing">
                {shortDate(details.next_billing_date)}
              </Row>
            )}
            {tier && (
              <Row label="Plan" testId="membership-tier">
                {tier.name}
                {tier.bundle_months ? ` · ${tier.bundle_months} months` : ''}
              </Row>
            )}
            {(details.renews || details.status === '2') && details.recurring_cents > 0 && (
              <Row label="Price" testId="membership-price">
                {formatMoney(details.recurring_cents)} {tier?.bundle_months ? `every ${tier.bundle_months} months` : '/ month'}
              </Row>
            )}
            <Row label="Card on file" testId="membership-card-on-file">
              {cards === null && !cardsError ? (
                <Skeleton width={140} sx={{ display: 'inline-block' }} />
              ) : primary ? (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                  <CreditCardRounded fontSize="small" aria-hidden />
                  {cardName(primary)}
                  <Typography component="span" variant="body2" color="text.secondary">
                    exp {primary.exp_month}/{primary.exp_year.slice(-2)}
                  </Typography>
                </Box>
              ) : cardsError ? (
                <Typography component="span" color="text.secondary" variant="body2">
                  Could not load your cards
                </Typography>
              ) : (
                'None'
              )}
            </Row>
          </Box>
        )}
        {tier?.scheduled && (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="membership-tier-scheduled">
            From {shortDate(tier.scheduled.starts_at)} your plan is {tier.scheduled.name}, at {formatMoney(tier.scheduled.recurring_cents)}.
          </Alert>
        )}
        {actionError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {actionError}
          </Alert>
        )}
        {details && (
          <Box sx={{ display: 'grid', gap: 1.5, mt: 3 }}>
            {details.is_rebill_failed && !proxy && (
              <Button variant="contained" size="large" onClick={recovery.open} data-testid="membership-update-card">
                Update card and pay {formatMoney(details.recurring_cents)}
              </Button>
            )}
            {details.status === '2' && !proxy && (
              <Button variant="contained" size="large" onClick={() => void reactivate()} disabled={busy} data-testid="membership-reactivate" startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
                Reactivate subscription
              </Button>
            )}
            {details.status === '0' && !details.offer && !proxy && (
              <Button component={RouterLink} to="/subscribe" variant="contained" size="large" data-testid="membership-subscribe-link">
                Subscribe
              </Button>
            )}
            {tier?.can_change && !proxy && (
              <Button variant="contained" size="large" onClick={() => setChanging(true)} data-testid="membership-change-plan">
                {tier.changes.some((o) => o.kind === 'upgrade') ? 'Upgrade or change plan' : 'Change plan'}
              </Button>
            )}
            {details.active && (
              <Button component={RouterLink} to="/" variant="outlined">
                Go to the feed
              </Button>
            )}
            {(details.renews || details.complimentary) && (
              <Button component={RouterLink} to="/profile/cancel-subscription" color="inherit" sx={{ justifySelf: 'center', color: 'text.secondary' }} data-testid="membership-cancel-link">
                {details.complimentary ? 'Cancel complimentary membership' : 'Cancel subscription'}
              </Button>
            )}
          </Box>
        )}
      </Paper>
      {details?.offer && !proxy && <ResubscribeOfferCard offer={details.offer} onDone={() => void reload()} />}
      {recovery.elements}
      {tier && changing && (
        <ChangeTierDialog
          open
          tier={tier}
          fromWallet={paysFromWallet(me)}
          onClose={() => setChanging(false)}
          onChanged={(answer) => {
            setChanging(false);
            notify(answer.message || 'Your plan has been changed.', 'success');
            void refresh(answer.position)
              .catch(() => undefined)
              .finally(() => void reload());
          }}
        />
      )}
    </Column>
  );
}
