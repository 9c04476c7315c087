// Add Funds' steps and calls: the amount (a preset, pre-filled with what is missing, or another amount), the
// currency list (a query, read once), a payment id and the amount in the chosen currency (generated), the crypto
// payment started, then its status as a query read every 5 seconds (and once more when the countdown ends, or at
// once when the balance moves: UPDATE_USER_AMOUNT) until it is confirmed, fails or expires.
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { addFundsOptions, parseOtherAmount } from '../../../domain/pricing/pricing';
import type { CryptoPaymentData } from '../../../domain/wallet/wire';
import { errorMessage } from '../api';
import { useAuth } from '../auth';
import { useInvalidateOn } from '../realtime';
import { CRYPTO_POLL_MS, PAYMENT_FAILED, walletApi, walletSettingsOf } from './walletApi';

export interface AddFundsResult {
  confirmed: boolean;
  balanceCents?: number;
}

export type AddFundsStep = 'amount' | 'card' | 'currency' | 'pay' | 'done';

/** How the top-up is paid: by card (saved or new) or in crypto. */
export type FundsMethod = 'card' | 'crypto';

const BALANCE_NEWS = ['UPDATE_USER_AMOUNT'] as const;

/** The payment's status, read every 5 seconds while its panel shows; null until the first read. */
function usePaymentStatus(payment: CryptoPaymentData | null, polling: boolean) {
  const key = ['wallet', 'crypto-status', payment?.payment_id ?? ''] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => walletApi.status(payment!),
    enabled: polling && !!payment,
    // The first read comes one interval after the panel opens (the payment was just started).
    initialData: null,
    staleTime: CRYPTO_POLL_MS,
    refetchInterval: CRYPTO_POLL_MS,
    refetchIntervalInBackground: true,
  });
  useInvalidateOn(BALANCE_NEWS, key, polling);
  return query;
}

export function useAddFunds({ open, shortfallCents, onCompleted }: { open: boolean; shortfallCents: number; onCompleted?: (result: AddFundsResult) => void }) {
  const { settings, refresh } = useAuth();
  const walletSettings = walletSettingsOf(settings);
  const options = useMemo(() => addFundsOptions(walletSettings, shortfallCents), [walletSettings, shortfallCents]);
  const choices = useMemo(() => (options.suggestedCents ? [options.suggestedCents, ...options.presetsCents] : options.presetsCents), [options]);

  const [step, setStep] = useState<AddFundsStep>('amount');
  const cryptoOn = settings?.is_crypto_payment_enabled !== false;
  const [method, setMethod] = useState<FundsMethod>('crypto');
  const [picked, setPicked] = useState<number | null>(null);
  const [other, setOther] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [amountCents, setAmountCents] = useState(0);
  const [currency, setCurrency] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [statusText, setStatusText] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [balanceCents, setBalanceCents] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const expiresAt = useRef(0);

  const currencies = useQuery({
    queryKey: ['crypto', 'currencies', 'wallet'],
    queryFn: async () => (await walletApi.currencies()).data,
    enabled: open && step === 'currency',
    staleTime: Infinity,
  });
  const generate = useMutation({ mutationFn: async (value: string) => (await walletApi.generate(value, amountCents)).data });
  const start = useMutation({ mutationFn: async () => (await walletApi.start(generate.data!)).data });
  const generated = generate.data ?? null;
  const payment = start.data ?? null;
  const busy = generate.isPending || start.isPending;
  const { reset: resetGenerated } = generate;
  const { reset: resetPayment } = start;

  // A fresh form each time it opens, pre-filled with what is missing.
  useEffect(() => {
    if (!open) return;
    setStep('amount');
    setPicked(options.suggestedCents ?? null);
    setOther('');
    setAmountError(null);
    setCurrency('');
    resetGenerated();
    resetPayment();
    setError(null);
    setFailed(false);
    setStatusText(null);
    setBalanceCents(null);
  }, [open, options.suggestedCents, resetGenerated, resetPayment]);

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
    resetGenerated();
    setCurrency('');
    setError(null);
    setStep(method === 'card' || !cryptoOn ? 'card' : 'currency');
  };

  /** The card top-up went through: the balance it answered, the account read again. */
  const cardDone = (cents: number, position?: string) => {
    setBalanceCents(cents);
    setStep('done');
    void refresh(position).catch(() => undefined);
    finish({ confirmed: true, balanceCents: cents });
  };

  const chooseCurrency = (value: string) => {
    setCurrency(value);
    setError(null);
    generate.mutate(value, { onError: (err) => setError(errorMessage(err)) });
  };

  const startPayment = () => {
    if (!generated) return;
    setError(null);
    start.mutate(undefined, {
      onSuccess: (data) => {
        setFailed(false);
        setStatusText('Waiting for your payment…');
        expiresAt.current = Date.now() + data.wait_time * 1000;
        setSecondsLeft(data.wait_time);
        setStep('pay');
      },
      onError: (err) => setError(errorMessage(err, PAYMENT_FAILED)),
    });
  };

  const changeAmount = () => {
    resetPayment();
    resetGenerated();
    setError(null);
    setFailed(false);
    setStep('amount');
  };

  // Stable, so a parent that re-renders (a chat reading its messages) does not restart the countdown below.
  const onCompletedRef = useRef(onCompleted);
  onCompletedRef.current = onCompleted;
  const finish = useCallback((result: AddFundsResult) => onCompletedRef.current?.(result), []);

  const polling = open && step === 'pay' && !!payment && !failed;
  const status = usePaymentStatus(payment, polling);
  const answer = status.data;
  useEffect(() => {
    if (!answer || !polling) return;
    const { data, position } = answer;
    if (data.is_payment_confirmed) {
      setBalanceCents(data.wallet_balance_cents);
      setStep('done'); // titled 'Amount Successfully Added.'
      void refresh(position).catch(() => undefined);
      finish({ confirmed: true, balanceCents: data.wallet_balance_cents });
    } else if (data.done) {
      setFailed(true);
      setStatusText(null);
      setError(data.message || PAYMENT_FAILED);
      finish({ confirmed: false });
    } else setStatusText(data.status === 'underpaid' ? data.message : 'Waiting for your payment…');
    // Each answer is acted on once (the cache keeps an unchanged answer the same object).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  // The countdown; when it ends the status is read once more.
  const { refetch: checkNow } = status;
  useEffect(() => {
    if (!polling) return;
    const tick = setInterval(() => {
      const left = Math.max(0, Math.round((expiresAt.current - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) void checkNow();
    }, 1000);
    return () => clearInterval(tick);
  }, [polling, checkNow]);

  return {
    walletSettings, options, choices, step, picked, method, setMethod, cryptoOn, cardDone, setPicked, other, setOther, amountError, setAmountError, amountCents,
    currencies: currencies.data ?? null,
    currencyError: currencies.isError ? errorMessage(currencies.error) : null,
    retryCurrencies: () => void currencies.refetch(),
    currency, chooseCurrency, generated, payment, busy, error, statusText, secondsLeft, balanceCents, failed,
    submitAmount, startPayment, changeAmount,
  };
}

export type AddFunds = ReturnType<typeof useAddFunds>;
