// /profile/cancel-subscription: the cancellation dialog — a radio list of the creator's
// reasons plus Other with a text area, titled by reason_for_cancellation_popup_title — or a plain confirm when
// reasons are off. A complimentary membership has its own cancel call. Success: 'Subscription Cancelled';
// a status '0' answer resets the membership on the site at once.
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CancelSubscriptionAnswer } from '../../../domain/subscription/wire';
import { CANCEL_PROBLEM, CONFIRM_CANCEL, OTHER_REASON, SUBSCRIPTION_CANCELLED, cancellationReasonProblem } from '../../../domain/subscription/subscription';
import { ApiError, api } from '../api';
import { useAuth } from '../auth';
import { shortDate } from '../format';
import { useNotify } from '../notify';
import { Column, ErrorState, PageLoader } from '../components/StatusViews';
import { useMembership } from './useMembership';
import { paymentCall } from '../paymentPaths';

/** The cancel call for the fan's gateway and settings: crypto, else the member's billing API on this site's path set (Sticky.io, v1 or v2). */
function cancelEndpoint(defaultMethod: string | null | undefined, billingApi: string | null | undefined, stickyIo: boolean | undefined): string {
  if (defaultMethod === 'crypto_currency') return '/api/crypto/cancel-subscription';
  return paymentCall({ payment_api_version: billingApi === 'v1' ? 'v1' : 'v2', is_sticky_io_enabled: stickyIo }, 'cancel');
}

export default function CancelSubscriptionPage() {
  const { me, refresh, settings } = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const { details, loading, error, reload } = useMembership();
  const [reason, setReason] = useState('');
  const [other, setOther] = useState('');
  const [problem, setProblem] = useState<{ field: 'reason' | 'other'; message: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  if (error) return <Column width={560}><ErrorState message={error} onRetry={() => void reload()} /></Column>;
  if (!details || (loading && !details)) return <PageLoader />;

  const reasonsEnabled = details.cancel.reasons_enabled;
  const complimentary = details.complimentary;
  const cancellable = details.renews || complimentary;

  const finish = async (answer: { data: CancelSubscriptionAnswer; message?: string; position?: string }) => {
    notify(answer.message || SUBSCRIPTION_CANCELLED, 'success');
    // '0' resets the membership state at once; otherwise it runs until the expiry.
    await refresh(answer.position).catch(() => undefined);
    navigate('/membership', { replace: true });
  };

  const submit = async () => {
    setFailure('');
    setBusy(true);
    try {
      const answer = complimentary
        ? await api.post<CancelSubscriptionAnswer>('/api/users/cancel_complimentary_subscription', {})
        : await api.post<CancelSubscriptionAnswer>(cancelEndpoint(me?.default_payment_method, details && me?.subscription_detail?.billing_api, settings?.is_sticky_io_enabled), {
            cancellation_reason: reasonsEnabled ? reason : undefined,
            other_reason: reasonsEnabled && reason === OTHER_REASON ? other : undefined,
            request_from: 'cancel_page',
          });
      await finish(answer);
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      // Validation answers name their field; anything else is the spec's "try again after an hour".
      if (e && e.status === 400 && e.field) setProblem({ field: e.field === 'other_reason' ? 'other' : 'reason', message: e.message });
      else setFailure(e && e.status < 500 && e.message ? e.message : CANCEL_PROBLEM);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const onCancelClick = () => {
    setProblem(null);
    if (reasonsEnabled && !complimentary) {
      const message = cancellationReasonProblem({ reason, otherReason: other }, true);
      if (message) {
        setProblem({ field: message.includes('Select') ? 'reason' : 'other', message });
        return;
      }
    }
    setConfirming(true);
  };

  return (
    <Column width={560}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3 }} data-testid="cancel-card">
        <Typography variant="h5" component="h1" gutterBottom id="cancel-title">
          {complimentary ? 'Cancel complimentary membership' : reasonsEnabled ? details.cancel.title : 'Cancel subscription'}
        </Typography>
        {!cancellable ? (
          <>
            <Typography color="text.secondary" data-testid="cancel-nothing">
              {details.cancelled
                ? `Your subscription is already cancelled. You keep access until ${shortDate(details.expiration_date)}.`
                : 'You have no subscription to cancel.'}
            </Typography>
            <Button component={RouterLink} to="/membership" variant="outlined" sx={{ mt: 3 }}>
              Back to membership
            </Button>
          </>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {complimentary
                ? 'Your complimentary membership ends as soon as you cancel it.'
                : `You keep access until ${shortDate(details.expiration_date)}. Nothing more will be charged.`}
            </Typography>
            {reasonsEnabled && !complimentary && (
              <FormControl error={problem?.field === 'reason'} component="fieldset" sx={{ width: '100%' }}>
                <FormLabel component="legend" sx={{ mb: 1 }}>
                  Reason for cancellation
                </FormLabel>
                <RadioGroup
                  name="cancellation_reason"
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setProblem(null);
                  }}
                  data-testid="cancel-reasons"
                >
                  {[...details.cancel.reasons, OTHER_REASON].map((r) => (
                    <FormControlLabel key={r} value={r} control={<Radio />} label={r} data-testid={`cancel-reason-${r === OTHER_REASON ? 'other' : details.cancel.reasons.indexOf(r)}`} />
                  ))}
                </RadioGroup>
                {problem?.field === 'reason' && <FormHelperText data-testid="cancel-reason-error">{problem.message}</FormHelperText>}
              </FormControl>
            )}
            {reasonsEnabled && !complimentary && reason === OTHER_REASON && (
              <TextField
                label="Tell us why"
                multiline
                minRows={3}
                fullWidth
                value={other}
                onChange={(e) => {
                  setOther(e.target.value);
                  setProblem(null);
                }}
                error={problem?.field === 'other'}
                helperText={problem?.field === 'other' ? problem.message : ' '}
                sx={{ mt: 1 }}
                slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'cancel-other-reason' } }}
              />
            )}
            {failure && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="cancel-failure">
                {failure}
              </Alert>
            )}
            {confirming ? (
              <Box role="alertdialog" aria-labelledby="cancel-confirm-text" sx={{ mt: 3, p: 2, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="cancel-confirm">
                <Typography id="cancel-confirm-text" sx={{ fontWeight: 600 }}>
                  {CONFIRM_CANCEL}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1.5, mt: 2, flexWrap: 'wrap' }}>
                  <Button
                    color="error"
                    variant="contained"
                    onClick={() => void submit()}
                    disabled={busy}
                    data-testid="cancel-confirm-yes"
                    startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
                    autoFocus
                  >
                    Yes, cancel
                  </Button>
                  <Button onClick={() => setConfirming(false)} disabled={busy} color="inherit">
                    No, keep it
                  </Button>
                </Box>
              </Box>
            ) : (
              <Box sx={{ display: 'flex', gap: 1.5, mt: 3, flexWrap: 'wrap' }}>
                <Button color="error" variant="contained" onClick={onCancelClick} data-testid="cancel-subscription-button">
                  Cancel Subscription
                </Button>
                <Button component={RouterLink} to="/membership" color="inherit" data-testid="cancel-close">
                  Close
                </Button>
              </Box>
            )}
          </>
        )}
      </Paper>
    </Column>
  );
}
