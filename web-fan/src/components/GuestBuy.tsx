// "Buy without an account": a guest buys a locked post on CCBill's secure page with an email alone. The account for
// the email is found or made when CCBill confirms the sale, and the buyer is mailed a link to set a password.
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import type { PostView } from '../../../domain/post/wire';
import { ApiError, api, uuid } from '../api';
import { useAuth } from '../auth';
import { rememberHostedPayment } from '../paymentPaths';

/** Shown to a guest on a locked post while CCBill's payment page is set up. */
export function GuestBuyButton({ post }: { post: PostView }) {
  const { token, settings } = useAuth();
  const [open, setOpen] = useState(false);
  if (token || post.visibility !== 'locked' || !settings?.ccbill_hosted_form || !post.amount) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)} data-testid="guest-buy-button" startIcon={<ShoppingBagOutlined />}
        sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)', bgcolor: 'rgba(0,0,0,0.35)', '&:hover': { borderColor: '#fff', bgcolor: 'rgba(0,0,0,0.5)' } }}>
        Buy without an account
      </Button>
      {open && <GuestBuyDialog post={post} onClose={() => setOpen(false)} />}
    </>
  );
}

function GuestBuyDialog({ post, onClose }: { post: PostView; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [key] = useState(uuid);
  const submit = async () => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setError({ field: 'email', message: 'Please enter a valid email.' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<{ action: 'redirect'; url: string; payment_id: string }>(
        '/api/ccbill/pay-guest',
        { email: email.trim(), blogId: post._id, amount: post.amount },
        { idempotencyKey: key },
      );
      rememberHostedPayment(r.data.payment_id);
      window.location.assign(r.data.url);
    } catch (e) {
      const field = e instanceof ApiError ? (e.field ?? null) : null;
      setError({ field, message: e instanceof ApiError ? e.message : 'Something went wrong' });
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" data-testid="guest-buy-dialog">
      <DialogTitle>Buy without an account</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Pay ${post.amount.toFixed(2)} on CCBill&apos;s secure page. We&apos;ll email you a link to set your password and see your purchase.
        </Typography>
        <form id="guest-buy-form" onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
          <TextField
            label="Email" type="email" autoComplete="email" fullWidth autoFocus value={email} onChange={(e) => { setEmail(e.target.value); setError(null); }}
            error={error?.field === 'email'} helperText={error?.field === 'email' ? error.message : 'Where your receipt and password link go.'}
            slotProps={{ htmlInput: { 'data-testid': 'guest-buy-email', maxLength: 254 } }}
          />
        </form>
        {error && error.field !== 'email' && <Alert severity="error" sx={{ mt: 2 }} data-testid="guest-buy-error">{error.message}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>Cancel</Button>
        <Button type="submit" form="guest-buy-form" variant="contained" disabled={busy} data-testid="guest-buy-submit"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
          Continue to payment
        </Button>
      </DialogActions>
    </Dialog>
  );
}
