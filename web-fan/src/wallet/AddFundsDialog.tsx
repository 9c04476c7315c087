// Add Funds: preset amounts (only those
// above what is missing, which is pre-filled rounded up to whole dollars) plus an Other amount field, then the
// crypto payment panel: choose a currency (a payment id and the amount in it are generated), Start Crypto
// Payment (QR code, address, reference, 15-minute countdown), poll every 5 seconds until confirmed. 'Payment
// failed.' on failure or expiry; Change amount goes back.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import type { CryptoCurrencyItem, CryptoGeneratedPayment, CryptoPaymentData } from '../../../domain/wallet/wire';
import { addFundsOptions, parseOtherAmount } from '../../../domain/pricing/pricing';
import { formatMoney } from '../../../domain/shared/money';
import { errorMessage } from '../api';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { CRYPTO_POLL_MS, PAYMENT_FAILED, countdown, walletApi, walletSettingsOf } from './walletApi';

export interface AddFundsResult {
  confirmed: boolean;
  balanceCents?: number;
}

type Step = 'amount' | 'currency' | 'pay' | 'done';

export default function AddFundsDialog({
  open,
  shortfallCents = 0,
  onClose,
  onCompleted,
}: {
  open: boolean;
  /** What a purchase lacks (0: opened from the wallet page). */
  shortfallCents?: number;
  onClose: () => void;
  /** The top-up's outcome: confirmed with the new balance, or failed. */
  onCompleted?: (result: AddFundsResult) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { settings, refresh } = useAuth();
  const notify = useNotify();
  const walletSettings = walletSettingsOf(settings);
  const options = useMemo(() => addFundsOptions(walletSettings, shortfallCents), [walletSettings, shortfallCents]);
  const choices = useMemo(() => (options.suggestedCents ? [options.suggestedCents, ...options.presetsCents] : options.presetsCents), [options]);

  const [step, setStep] = useState<Step>('amount');
  const [picked, setPicked] = useState<number | null>(null);
  const [other, setOther] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [amountCents, setAmountCents] = useState(0);

  const [currencies, setCurrencies] = useState<CryptoCurrencyItem[] | null>(null);
  const [currencyError, setCurrencyError] = useState<string | null>(null);
  const [currency, setCurrency] = useState('');
  const [generated, setGenerated] = useState<CryptoGeneratedPayment | null>(null);
  const [payment, setPayment] = useState<CryptoPaymentData | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [statusText, setStatusText] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [balanceCents, setBalanceCents] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const expiresAt = useRef(0);

  // A fresh form each time it opens, pre-filled with what is missing.
  useEffect(() => {
    if (!open) return;
    setStep('amount');
    setPicked(options.suggestedCents ?? null);
    setOther('');
    setAmountError(null);
    setCurrency('');
    setGenerated(null);
    setPayment(null);
    setError(null);
    setFailed(false);
    setStatusText(null);
    setBalanceCents(null);
  }, [open, options.suggestedCents]);

  const loadCurrencies = useCallback(async () => {
    setCurrencyError(null);
    try {
      const { data } = await walletApi.currencies();
      setCurrencies(data);
    } catch (err) {
      setCurrencyError(errorMessage(err));
    }
  }, []);

  useEffect(() => {
    if (open && step === 'currency' && !currencies) void loadCurrencies();
  }, [open, step, currencies, loadCurrencies]);

  const submitAmount = (e: FormEvent) => {
    e.preventDefault();
    let cents = picked;
    if (other.trim() !== '' || cents === null) {
      try {
        cents = parseOtherAmount(other, walletSettings);
      } catch (err) {
        setAmountError((err as Error).message);
        return;
      }
    }
    setAmountError(null);
    setAmountCents(cents);
    setGenerated(null);
    setCurrency('');
    setError(null);
    setStep('currency');
  };

  const chooseCurrency = async (value: string) => {
    setCurrency(value);
    setGenerated(null);
    setError(null);
    setBusy(true);
    try {
      const { data } = await walletApi.generate(value, amountCents);
      setGenerated(data);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const startPayment = async () => {
    if (!generated) return;
    setBusy(true);
    setError(null);
    try {
      const { data } = await walletApi.start(generated);
      setPayment(data);
      setFailed(false);
      setStatusText('Waiting for your payment…');
      expiresAt.current = Date.now() + data.wait_time * 1000;
      setSecondsLeft(data.wait_time);
      setStep('pay');
    } catch (err) {
      setError(errorMessage(err, PAYMENT_FAILED));
    } finally {
      setBusy(false);
    }
  };

  const changeAmount = () => {
    setPayment(null);
    setGenerated(null);
    setError(null);
    setFailed(false);
    setStep('amount');
  };

  // Stable, so a parent that re-renders (a chat polling for messages) does not restart the 5-second poll below.
  const onCompletedRef = useRef(onCompleted);
  onCompletedRef.current = onCompleted;
  const finish = useCallback((result: { confirmed: boolean; balanceCents?: number }) => {
    onCompletedRef.current?.(result);
  }, []);

  // Poll every 5 seconds while the payment panel shows (and once more when the countdown ends).
  useEffect(() => {
    if (!open || step !== 'pay' || !payment || failed) return;
    let stopped = false;
    const check = async () => {
      try {
        const { data, position } = await walletApi.status(payment);
        if (stopped) return;
        if (data.is_payment_confirmed) {
          stopped = true;
          setBalanceCents(data.wallet_balance_cents);
          setStep('done'); // titled 'Amount Successfully Added.'
          void refresh(position).catch(() => undefined);
          finish({ confirmed: true, balanceCents: data.wallet_balance_cents });
          return;
        }
        if (data.done) {
          stopped = true;
          setFailed(true);
          setStatusText(null);
          setError(data.message || PAYMENT_FAILED);
          finish({ confirmed: false });
          return;
        }
        setStatusText(data.status === 'underpaid' ? data.message : 'Waiting for your payment…');
      } catch {
        /* a missed poll is retried on the next tick */
      }
    };
    const poll = setInterval(() => void check(), CRYPTO_POLL_MS);
    const tick = setInterval(() => {
      const left = Math.max(0, Math.round((expiresAt.current - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) void check();
    }, 1000);
    return () => {
      stopped = true;
      clearInterval(poll);
      clearInterval(tick);
    };
  }, [open, step, payment, failed, notify, refresh, finish]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify('Copied', 'success');
    } catch {
      notify('Copy it by hand: your browser does not allow copying here.', 'info');
    }
  };

  const title = step === 'amount' ? 'Add Funds' : step === 'done' ? 'Amount Successfully Added.' : 'Pay with crypto';
  const close = () => !busy && onClose();

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="add-funds-title"
      data-testid="add-funds-dialog"
      // Phones: the card keeps its content's height, with a narrow margin, rather than a mostly empty full screen.
      slotProps={{ paper: { sx: phone ? { m: 1.5, width: 'calc(100% - 24px)', maxHeight: 'calc(100% - 24px)' } : undefined } }}
    >
      <DialogTitle id="add-funds-title" sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label="Close" onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }} data-testid="add-funds-close">
          <CloseRounded />
        </IconButton>
      </DialogTitle>

      {step === 'amount' && (
        <Box component="form" onSubmit={submitAmount} noValidate sx={{ display: 'contents' }}>
          <DialogContent sx={{ pt: 0 }}>
            {shortfallCents > 0 && options.suggestedCents && (
              <Alert severity="info" sx={{ mb: 2 }} data-testid="add-funds-shortfall">
                Your wallet is {formatMoney(shortfallCents)} short. Add {formatMoney(options.suggestedCents)} or more; what is left stays in your wallet.
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Choose an amount
            </Typography>
            <ToggleButtonGroup
              exclusive
              value={other.trim() ? null : picked}
              onChange={(_e, v: number | null) => {
                if (v === null) return;
                setPicked(v);
                setOther('');
                setAmountError(null);
              }}
              aria-label="Preset amounts"
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 1, '& .MuiToggleButtonGroup-grouped': { border: 1, borderColor: 'divider', borderRadius: '8px !important', m: 0 } }}
            >
              {choices.map((c) => (
                <ToggleButton key={c} value={c} data-testid={`add-funds-preset-${c}`} sx={{ fontWeight: 700, py: 1.25 }}>
                  {formatMoney(c)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <TextField
              label="Other amount"
              value={other}
              onChange={(e) => {
                setOther(e.target.value);
                setAmountError(null);
              }}
              inputMode="decimal"
              fullWidth
              margin="normal"
              error={!!amountError}
              helperText={amountError ?? `Between $${walletSettings.add_fund_minimum_amount} and $${walletSettings.add_fund_maximum_amount}`}
              slotProps={{ htmlInput: { 'data-testid': 'add-funds-other', 'aria-describedby': 'add-funds-other-help' }, formHelperText: { id: 'add-funds-other-help', role: amountError ? 'alert' : undefined } as object }}
            />
            <Typography variant="caption" color="text.secondary">
              Paid in cryptocurrency. All orders are final.
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" data-testid="add-funds-continue">
              Continue
            </Button>
          </DialogActions>
        </Box>
      )}

      {step === 'currency' && (
        <>
          <DialogContent sx={{ pt: 0 }}>
            <Typography sx={{ mb: 2 }}>
              Adding <b data-testid="crypto-usd-amount">{formatMoney(amountCents)}</b> to your wallet.
            </Typography>
            {currencyError ? (
              <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void loadCurrencies()}>Retry</Button>}>
                {currencyError}
              </Alert>
            ) : (
              <TextField
                select
                label="Currency"
                value={currency}
                onChange={(e) => void chooseCurrency(e.target.value)}
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
            <Button onClick={changeAmount} color="inherit" data-testid="crypto-change-amount">
              Change amount
            </Button>
            <Button variant="contained" disabled={!generated || busy} onClick={() => void startPayment()} data-testid="start-crypto-payment" startIcon={busy && generated ? <CircularProgress size={16} color="inherit" /> : undefined}>
              Start Crypto Payment
            </Button>
          </DialogActions>
        </>
      )}

      {step === 'pay' && payment && (
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
            <Field label="Address" value={payment.address} testId="crypto-address" onCopy={copy} />
            <Field label="Reference" value={payment.reference_no} testId="crypto-reference" onCopy={copy} />
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
            <Button onClick={changeAmount} color="inherit" data-testid="crypto-change-amount">
              Change amount
            </Button>
            {failed && (
              <Button variant="contained" onClick={close}>
                Close
              </Button>
            )}
          </DialogActions>
        </>
      )}

      {step === 'done' && (
        <>
          <DialogContent sx={{ textAlign: 'center', pt: 1 }} data-testid="crypto-payment-confirmed">
            <CheckCircleRounded color="success" sx={{ fontSize: 56, mb: 1 }} aria-hidden />
            <Typography>Your wallet balance is now</Typography>
            <Typography variant="h4" sx={{ fontWeight: 700, mt: 0.5 }} data-testid="crypto-new-balance">
              {formatMoney(balanceCents ?? 0)}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button variant="contained" onClick={onClose} data-testid="add-funds-done" autoFocus>
              Done
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
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
