// /subscribe: the plan picker when there are tiers or bundles (PlanPicker), the price for this fan (regular or
// returning, or the tier's and bundle's), a running subscription promotion
// with its struck-through list price and countdown, the coupon field (notChecked → valid / invalid), and the card
// payment. A promotion that ended meanwhile answers 'Sorry promotion expired.' and the page shows the new price.
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import { paymentFormStyle } from './paymentFormStyle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import type { PaymentResult } from '../../../domain/payment/wire';
import { THANK_YOU } from '../../../domain/subscription/subscription';
import { formatMoney } from '../../../domain/shared/money';
import { ApiError, api } from '../api';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { isMember, shortDate } from '../format';
import { useNotify } from '../notify';
import { Column, ErrorState } from '../components/StatusViews';
import { usePaymentFlow } from '../payments/usePaymentFlow';
import { paysFromWallet, useWalletPayment, WalletNotice } from '../wallet/useWalletPurchase';
import { CRYPTO_CURRENCY } from '../wallet/walletApi';
import { CouponField, COUPON_NOT_CHECKED, couponCodeOf, type CouponFieldState } from '../promotions/CouponField';
import { useRebillRecovery } from './useRebillRecovery';
import { forgetOffer, useOfferToken } from './subscriptionLink';
import { PlanPrice, priceLine } from './PlanPrice';
import { useSubscriptionQuote } from './useSubscriptionQuote';
import { hasPlanChoice, PlanPicker } from './PlanPicker';
import { HostedSubscribeButton } from '../payments/hostedPayment';
import { useSavedCards } from '../savedCards';

export { priceLine } from './PlanPrice';

const PERKS = ['Every private post and gallery', 'Unlock locked posts whenever you like', 'Cancel anytime from your membership page'];

export default function SubscribePage() {
  const { me, settings, refresh } = useAuth();
  const modelName = useModelName();
  const navigate = useNavigate();
  const notify = useNotify();
  const flow = usePaymentFlow();
  // default_payment_method 'crypto_currency': the membership is paid from the wallet (a shortfall opens Add Funds).
  const wallet = useWalletPayment();
  const fromWallet = paysFromWallet(me);
  const busy = flow.busy || wallet.busy;
  const proxy = useIsProxy();
  const [done, setDone] = useState(false);
  const [coupon, setCoupon] = useState<CouponFieldState>(COUPON_NOT_CHECKED);
  const couponCode = couponCodeOf(coupon);
  const [offer, dropOffer] = useOfferToken();
  const [plan, setPlan] = useState<{ tierId: string | null; bundleMonths: number | null }>({ tierId: null, bundleMonths: null });
  const { quote, quoteError, notice, setNotice, loadQuote } = useSubscriptionQuote({ couponCode, setCoupon, offer, dropOffer, fanId: me?._id, tierId: plan.tierId, bundleMonths: plan.bundleMonths });
  // The chosen tier's benefits replace the general perks when the creator wrote some.
  const chosenTier = quote?.tiers.find((t) => t.tier_id === quote.tier_id);
  const perks = chosenTier && chosenTier.benefits.length > 0 ? chosenTier.benefits : PERKS;
  const picking = !!quote && !offer && hasPlanChoice(quote.tiers);
  // A saved card pays in one click ("Pay $9.99 with •••• 4242"); another card is one link away.
  const savedCards = useSavedCards(!!me && !proxy && !fromWallet);
  const primary = savedCards.data?.find((c) => c.is_primary);
  const recovery = useRebillRecovery({ amountCents: me?.subscription_detail?.recurring_price_cents ?? 0, onRecovered: () => navigate('/membership') });

  const subscribe = (newCard = false) => {
    if (!quote) return;
    const body: Record<string, unknown> = {};
    if (quote.promotion && quote.source === 'promotion') body.promotion_id = quote.promotion.promotion_id;
    if (quote.coupon_code) body.coupon_code = quote.coupon_code;
    if (quote.source === 'link' && offer) body.subscription_link = offer;
    if (quote.tier_id && quote.tier_id !== 'base') body.tier_id = quote.tier_id;
    if (quote.bundle_months) body.bundle_months = quote.bundle_months;
    const onAccepted = ({ position }: { position?: string }) => {
      setDone(true);
      forgetOffer();
      notify(THANK_YOU, 'success');
      void refresh(position)
        .catch(() => undefined)
        .finally(() => navigate('/', { replace: true }));
    };
    const onPromotionExpired = (error: unknown) => {
      // The promotion ended while the page was open: show the price that applies now.
      if (error instanceof ApiError && error.code === 'PROMOTION_EXPIRED') {
        setNotice(error.message);
        void loadQuote(couponCode);
      }
    };
    const payFromWallet = () => {
      const walletBody = { ...body, payment_method: CRYPTO_CURRENCY };
      void wallet.pay(
        walletBody,
        (idempotencyKey) => api.post<PaymentResult>('/api/v2/purchase/subscription', walletBody, { idempotencyKey }),
        (answer) => (answer.data?.accepted ? onAccepted(answer) : notify(answer.message || 'Payment failed.', 'error')),
        onPromotionExpired,
      );
    };
    if (fromWallet) {
      payFromWallet();
      return;
    }
    void flow.start({
      endpoint: { action: 'subscribe' },
      body,
      submitLabel: quote.initial_cents > 0 ? `Pay ${formatMoney(quote.initial_cents)}` : 'Start membership',
      summary: `${chosenTier && quote.tiers.length > 1 ? chosenTier.name : 'Membership'}: ${priceLine(quote)}`,
      onAccepted,
      onFailed: ({ error }) => onPromotionExpired(error),
      priceCents: quote.initial_cents,
      // A declined card: the wallet pays instead (or Add Funds opens for what it lacks).
      onPayFromWallet: settings?.is_crypto_payment_enabled !== false ? payFromWallet : undefined,
      newCard,
    });
  };

  if (me?.isRebillFailed && !isMember(me)) {
    return (
      <Column width={520}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3 }} data-testid="subscribe-rebill-failed">
          <Typography variant="h5" component="h1" gutterBottom>
            Your last payment failed
          </Typography>
          <Typography color="text.secondary">Enter a new card to pay for your membership and continue where you left off.</Typography>
          {!proxy && (
            <Button variant="contained" size="large" fullWidth sx={{ mt: 3 }} onClick={recovery.open} data-testid="subscribe-update-card">
              Update card
            </Button>
          )}
        </Paper>
        {recovery.elements}
      </Column>
    );
  }

  if (isMember(me) && !done) {
    return (
      <Column width={520}>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3, textAlign: 'center' }} data-testid="already-subscribed">
          <CheckCircleRounded color="success" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
          <Typography variant="h5" component="h1" gutterBottom>
            You are subscribed
          </Typography>
          <Typography color="text.secondary">
            {me?.ccbillSubscriptionStatus === '2'
              ? `Your membership is cancelled and ends on ${shortDate(me.expiration_date)}.`
              : `Your membership is active${me?.next_billing_date ? `; next billing on ${shortDate(me.next_billing_date)}` : ''}.`}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', mt: 3, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/" variant="contained">
              Go to the feed
            </Button>
            <Button component={RouterLink} to="/membership" variant="outlined">
              Membership
            </Button>
          </Box>
        </Paper>
      </Column>
    );
  }

  // Payment form styling from the subscription-page settings.
  const formStyle = paymentFormStyle(settings);

  return (
    <Column width={520}>
      <Paper variant="outlined" sx={[{ p: { xs: 2.5, sm: 4 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3 }, formStyle.card] as SxProps<Theme>} data-testid="plan-card">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Avatar src={settings?.model_avatar_url ?? undefined} alt="" sx={{ width: 56, height: 56, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }}>
            {modelName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">
              Membership
            </Typography>
            <Typography variant="h5" component="h1" sx={{ lineHeight: 1.2, overflowWrap: 'anywhere' }}>
              Subscribe to {modelName}
            </Typography>
          </Box>
        </Box>
        {done ? (
          <Typography variant="h6" role="status" sx={{ my: 3, textAlign: 'center' }} data-testid="subscribe-thanks">
            {THANK_YOU}
          </Typography>
        ) : (
          <>
            {notice && (
              <Alert severity="warning" onClose={() => setNotice('')} sx={{ mb: 2 }} data-testid="subscribe-notice">
                {notice}
              </Alert>
            )}
            {quoteError ? (
              <ErrorState message={quoteError} onRetry={() => void loadQuote(couponCode)} title="Could not load the price" />
            ) : quote ? (
              <>
                {picking && (
                  <PlanPicker
                    tiers={quote.tiers}
                    tierId={quote.tier_id}
                    bundleMonths={quote.bundle_months}
                    disabled={busy}
                    onChange={(choice) => {
                      if (choice.bundleMonths) setCoupon(COUPON_NOT_CHECKED);
                      setPlan(choice);
                    }}
                  />
                )}
                <PlanPrice quote={quote} modelName={modelName} />
              </>
            ) : (
              <Box aria-busy="true">
                <Skeleton width="60%" height={36} />
              </Box>
            )}
            <Divider sx={{ my: 2 }} />
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {perks.map((perk) => (
                <Box component="li" key={perk} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <CheckCircleRounded color="primary" fontSize="small" aria-hidden />
                  <Typography variant="body2">{perk}</Typography>
                </Box>
              ))}
            </Box>
            {proxy ? (
              <Typography color="text.secondary" sx={{ mt: 3 }} data-testid="proxy-no-purchase">
                Purchases are not available while viewing the site as a fan.
              </Typography>
            ) : (
              <>
                {!quote?.bundle_months && (
                  <Box sx={{ mt: 3 }}>
                    <CouponField value={coupon} onChange={setCoupon} disabled={busy} />
                  </Box>
                )}
                {fromWallet && quote && quote.initial_cents > 0 && <WalletNotice me={me} priceCents={quote.initial_cents} />}
                <Button
                  variant="contained"
                  size="large"
                  fullWidth
                  sx={[{ mt: quote?.bundle_months ? 3 : 1 }, formStyle.button] as SxProps<Theme>}
                  onClick={() => subscribe()}
                  disabled={busy || !quote}
                  data-testid="subscribe-button"
                  startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
                >
                  {quote && quote.initial_cents > 0
                    ? primary && !fromWallet
                      ? `Pay ${formatMoney(quote.initial_cents)} with •••• ${primary.last4}`
                      : `Subscribe for ${formatMoney(quote.initial_cents)}`
                    : 'Subscribe'}
                </Button>
                {primary && !fromWallet && quote && quote.initial_cents > 0 && (
                  <Button fullWidth size="small" sx={{ mt: 1 }} onClick={() => subscribe(true)} disabled={busy} data-testid="subscribe-other-card">
                    Use another card
                  </Button>
                )}
                {!fromWallet && settings?.ccbill_hosted_form && quote && quote.initial_cents > 0 && quote.tier_id === 'base' && !quote.bundle_months && <HostedSubscribeButton couponCode={couponCode} disabled={busy} onError={setNotice} />}
              </>
            )}
          </>
        )}
      </Paper>
      {flow.elements}
      {wallet.elements}
    </Column>
  );
}
