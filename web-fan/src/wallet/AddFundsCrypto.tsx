// Add Funds' crypto steps: choose a currency (a payment id and the amount in it are generated), Start Crypto
// Payment (QR code, address, reference, 15-minute countdown, the status while it is polled), and the new balance
// once confirmed. 'Payment failed.' on failure or expiry; Change amount goes back.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import { formatMoney } from '../../../domain/shared/money';
import type { AddFunds } from './useAddFunds';
import { countdown } from './walletApi';

export function CurrencyStep({ f }: { f: AddFunds }) {
  const { currencies, busy, generated, error } = f;
  return (
    <>
      <DialogContent sx={{ pt: 0 }}>
        <Typography sx={{ mb: 2 }}>
          Adding <b data-testid="crypto-usd-amount">{formatMoney(f.amountCents)}</b> to your wallet.
        </Typography>
        {f.currencyError ? (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={f.retryCurrencies}>Retry</Button>}>
            {f.currencyError}
          </Alert>
        ) : (
          <TextField
            select
            label="Currency"
            value={f.currency}
            onChange={(e) => f.chooseCurrency(e.target.value)}
            fullWidth
            disabled={!currencies || busy}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'crypto-currency-select' } as object } }}
            helperText={!currencies ? 'Loading currencies…' : 'You have 15 minutes to pay once you choose.'}
          >
            {(currencies ?? []).map((c) => (
              <MenuItem key={c.currency} value={c.currency} data-testid={`crypto-currency-${c.currency}`}>
                {c.description} ({c.currency})
              </MenuItem>
            ))}
          </TextField>
        )}
        {busy && <LinearProgress sx={{ mt: 2 }} aria-label="Working" />}
        {generated && (
          <Box sx={{ mt: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Typography variant="body2" color="text.secondary">
              Amount to send
            </Typography>
            <Typography variant="h6" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="crypto-send-amount">
              {generated.amount} {generated.currency}
            </Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="crypto-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={f.changeAmount} color="inherit" data-testid="crypto-change-amount">
          Change amount
        </Button>
        <Button variant="contained" disabled={!generated || busy} onClick={f.startPayment} data-testid="start-crypto-payment" startIcon={busy && generated ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Start Crypto Payment
        </Button>
      </DialogActions>
    </>
  );
}

export function PayStep({ f, onCopy, onClose }: { f: AddFunds; onCopy: (text: string) => void; onClose: () => void }) {
  const { payment, failed, secondsLeft, statusText, error } = f;
  if (!payment) return null;
  return (
    <>
      <DialogContent sx={{ pt: 0 }} data-testid="crypto-payment-panel" data-payment-id={payment.payment_id}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {failed ? 'This payment' : 'Send exactly'}
          </Typography>
          {!failed && (
            <Typography variant="body2" color={secondsLeft < 60 ? 'error.main' : 'text.secondary'} aria-live="off">
              Time left <b data-testid="crypto-countdown">{countdown(secondsLeft)}</b>
            </Typography>
          )}
        </Box>
        <Typography variant="h6" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mb: 1.5 }} data-testid="crypto-pay-amount">
          {payment.amount} {payment.currency}
        </Typography>
        {!failed && (
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1.5 }}>
            <Box
              component="img"
              src={payment.qr_img}
              alt={`QR code to pay ${payment.amount} ${payment.currency}`}
              data-testid="crypto-qr"
              sx={{ width: 200, height: 200, borderRadius: 2, bgcolor: '#fff', p: 0.5 }}
            />
          </Box>
        )}
        <Field label="Address" value={payment.address} testId="crypto-address" onCopy={onCopy} />
        <Field label="Reference" value={payment.reference_no} testId="crypto-reference" onCopy={onCopy} />
        {statusText && !failed && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5 }} role="status" aria-live="polite" data-testid="crypto-status">
            <CircularProgress size={16} />
            <Typography variant="body2" color="text.secondary">
              {statusText}
            </Typography>
          </Box>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }} role="alert" data-testid="crypto-payment-failed">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={f.changeAmount} color="inherit" data-testid="crypto-change-amount">
          Change amount
        </Button>
        {failed && (
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        )}
      </DialogActions>
    </>
  );
}

export function DoneStep({ balanceCents, onDone }: { balanceCents: number | null; onDone: () => void }) {
  return (
    <>
      <DialogContent sx={{ textAlign: 'center', pt: 1 }} data-testid="crypto-payment-confirmed">
        <CheckCircleRounded color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
        <Typography>Your wallet balance is now</Typography>
        <Typography variant="h4" sx={{ fontWeight: 700, mt: 0.5 }} data-testid="crypto-new-balance">
          {formatMoney(balanceCents ?? 0)}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onDone} data-testid="add-funds-done" autoFocus>
          Done
        </Button>
      </DialogActions>
    </>
  );
}

function Field({ label, value, testId, onCopy }: { label: string; value: string; testId: string; onCopy: (v: string) => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.75, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid={testId}>
          {value}
        </Typography>
      </Box>
      <Tooltip title={`Copy ${label.toLowerCase()}`}>
        <IconButton size="small" aria-label={`Copy ${label.toLowerCase()}`} onClick={() => onCopy(value)}>
          <ContentCopyRounded fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
