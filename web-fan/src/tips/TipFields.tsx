// The amount and note of a tip, as the tips page and the chat's Send Tip modal both ask for them:
// 'Minimum $X USD.' under the amount, 'Choose a tip between {min} and {max}' (and a reset to the minimum) when it
// is out of bounds, 'Message is too long.' over 20,000 characters.
import { useCallback, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useAuth } from '../auth';
import { checkTipAmount, noteError, tipBoundsOf, tipMinimumText } from './tipForm';
import type { TipRequest } from './useSendTip';

export interface TipForm {
  amount: string;
  setAmount: (v: string) => void;
  amountError: string | null;
  note: string;
  setNote: (v: string) => void;
  tooLong: string | null;
  minDollars: number;
  /** The checked tip, or null after showing what is wrong. */
  check: () => TipRequest | null;
  reset: () => void;
}

export function useTipForm(defaultDollars: number): TipForm {
  const { settings } = useAuth();
  const bounds = tipBoundsOf(settings);
  const [amount, setAmountText] = useState(String(defaultDollars));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const tooLong = noteError(note);
  const setAmount = useCallback((v: string) => {
    setAmountText(v);
    setAmountError(null);
  }, []);
  const check = (): TipRequest | null => {
    const checked = checkTipAmount(amount, bounds);
    if (!checked.ok) {
      setAmountError(checked.error);
      if (checked.resetTo !== undefined) setAmountText(checked.resetTo);
      return null;
    }
    if (tooLong) return null;
    setAmountError(null);
    return { amountCents: checked.cents, note: note.trim() };
  };
  const reset = useCallback(() => {
    setAmountText(String(defaultDollars));
    setAmountError(null);
    setNote('');
  }, [defaultDollars]);
  return { amount, setAmount, amountError, note, setNote, tooLong, minDollars: bounds.min, check, reset };
}

/** The two fields; `testIdPrefix` '' gives tip-amount / tip-note, 'chat-' gives chat-tip-amount / chat-tip-note. */
export function TipFields({ form, disabled, testIdPrefix = '', noteRows = [3, 8], autoFocus }: {
  form: TipForm;
  disabled?: boolean;
  testIdPrefix?: string;
  noteRows?: [number, number];
  autoFocus?: boolean;
}) {
  const id = `${testIdPrefix}tip-amount`;
  return (
    <>
      <TextField
        label="Amount"
        value={form.amount}
        autoFocus={autoFocus}
        onChange={(e) => form.setAmount(e.target.value)}
        error={!!form.amountError}
        helperText={form.amountError ?? tipMinimumText(form.minDollars)}
        disabled={disabled}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          htmlInput: { inputMode: 'decimal', 'data-testid': id, 'aria-describedby': `${id}-help` },
          formHelperText: { id: `${id}-help`, role: form.amountError ? 'alert' : undefined, 'data-testid': `${id}-help` } as object,
        }}
      />
      <TextField
        label="Message (optional)"
        value={form.note}
        onChange={(e) => form.setNote(e.target.value)}
        multiline
        minRows={noteRows[0]}
        maxRows={noteRows[1]}
        error={!!form.tooLong}
        helperText={form.tooLong ?? ' '}
        disabled={disabled}
        slotProps={{ htmlInput: { 'data-testid': `${testIdPrefix}tip-note` }, formHelperText: { role: form.tooLong ? 'alert' : undefined } as object }}
      />
    </>
  );
}
