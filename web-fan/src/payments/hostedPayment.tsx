// Paying on CCBill's own page (FlexForms): the button that starts it, and the return page that waits for CCBill's
// confirmation. Coming back from CCBill proves nothing: the page polls the payment until CCBill's notice has
// captured or declined it.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import { ApiError, api, uuid } from '../api';
import { useAuth } from '../auth';
import { Column } from '../components/StatusViews';
import { LAST_HOSTED_PAYMENT, rememberHostedPayment } from '../paymentPaths';

/** The payment the fan was last sent to CCBill for (CCBill's return address carries none). */
const POLL_MS = 2000;

interface HostedPaymentStatus {
  payment_id: string;
  status: 'requested' | 'captured' | 'failed' | 'reversed';
  purpose: string;
  message: string | null;
  ccbill_subscription_status: '0' | '1' | '2' | null;
  membership_active: boolean | null;
}


/** "Pay on CCBill's secure page": starts the membership's payment and sends the fan to CCBill's form. */
export function HostedSubscribeButton({ couponCode, disabled, onError }: { couponCode: string | null; disabled: boolean; onError: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [key] = useState(uuid);
  const start = async () => {
    setBusy(true);
    try {
      const r = await api.post<{ action: 'redirect'; url: string; payment_id: string }>('/api/ccbill/subscribe_user', { coupon_code: couponCode }, { idempotencyKey: key });
      rememberHostedPayment(r.data.payment_id);
      window.location.assign(r.data.url);
    } catch (e) {
      onError(e instanceof ApiError ? e.message : 'Something went wrong');
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" size="large" fullWidth sx={{ mt: 1.5 }} onClick={() => void start()} disabled={disabled || busy} data-testid="subscribe-hosted-button"
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
      Pay on CCBill&apos;s secure page
    </Button>
  );
}

/**
 * /payment-return?payment=<id>: waits for CCBill's confirmation, then shows the result. A guest (no sign-in) follows a
 * guest purchase: its status alone, and the mail that comes with it.
 */
export function PaymentReturnPage() {
  const [params] = useSearchParams();
  const paymentId = params.get('payment') ?? sessionStorage.getItem(LAST_HOSTED_PAYMENT);
  const { refresh, token } = useAuth();
  const guest = !token;
  const [status, setStatus] = useState<HostedPaymentStatus | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!paymentId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const r = guest
          ? await api.get<HostedPaymentStatus>(`/api/ccbill/guest-payment/${encodeURIComponent(paymentId)}`)
          : await api.get<HostedPaymentStatus>(`/api/ccbill/hosted-payment/${encodeURIComponent(paymentId)}`);
        if (stopped) return;
        setStatus(r.data);
        if (r.data.status === 'requested') timer = setTimeout(() => void poll(), POLL_MS);
        else if (!guest) void refresh();
      } catch (e) {
        if (!stopped) setError(e instanceof ApiError ? e.message : 'Something went wrong');
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [paymentId, refresh, guest]);

  const waiting = !error && (!status || status.status === 'requested');
  const ok = status?.status === 'captured';
  const isMembership = status?.purpose === 'subscription';
  return (
    <Column width={520}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3, textAlign: 'center' }} data-testid="payment-return">
        {!paymentId ? (
          <Alert severity="info">No payment to follow here.</Alert>
        ) : error ? (
          <Alert severity="error" data-testid="payment-return-error">{error}</Alert>
        ) : waiting ? (
          <Box role="status" aria-live="polite" data-testid="payment-return-waiting">
            <Typography variant="h5" component="h1" gutterBottom>
              Waiting for CCBill&apos;s confirmation
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Your payment is being confirmed. This page updates by itself; you can safely stay here.
            </Typography>
            <LinearProgress aria-label="Waiting for confirmation" />
          </Box>
        ) : (
          <Box role="status" data-testid={ok ? 'payment-return-confirmed' : 'payment-return-failed'}>
            {ok ? <CheckCircleRounded color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden /> : <ErrorOutlineRounded color="error" sx={{ fontSize: 56, mb: 1 }} aria-hidden />}
            <Typography variant="h5" component="h1" gutterBottom>
              {ok ? (isMembership ? 'Your membership is active' : 'Payment confirmed') : 'The payment did not go through'}
            </Typography>
            <Typography color="text.secondary">{ok ? (isMembership ? 'Thank you for subscribing' : 'Content unlocked successfully.') : status?.message ?? 'Payment failed.'}</Typography>
            {guest ? (
              <>
                {ok && (
                  <Alert severity="info" icon={<MailOutlineRounded />} sx={{ mt: 2, textAlign: 'left' }} data-testid="payment-return-guest-mail">
                    Check your email to set your password and see your purchase. Already have an account with this email? Log in to see it.
                  </Alert>
                )}
                <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', mt: 3, flexWrap: 'wrap' }}>
                  <Button component={RouterLink} to="/login" variant="contained">
                    Log in
                  </Button>
                  <Button component={RouterLink} to="/" variant="outlined">
                    Back to the site
                  </Button>
                </Box>
              </>
            ) : (
              <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', mt: 3, flexWrap: 'wrap' }}>
                <Button component={RouterLink} to="/" variant="contained">
                  Go to the feed
                </Button>
                <Button component={RouterLink} to={ok ? (isMembership ? '/membership' : '/purchased-contents') : '/subscribe'} variant="outlined">
                  {ok ? (isMembership ? 'Membership' : 'My purchases') : 'Try again'}
                </Button>
              </Box>
            )}
          </Box>
        )}
      </Paper>
    </Column>
  );
}
