import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseRounded from '@mui/icons-material/CloseRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import type { CardForm } from '../../../domain/shared/wire';
import {
  CARD_TYPE_LABELS,
  MONTHS,
  detectCardType,
  emptyCardForm,
  expiryYears,
  trimCardForm,
  validateCardForm,
  type CardErrors,
  type CardField,
  type CardFormValues,
} from './cardValidation';
import { countries, guessCountry, statesOf } from './countries';

export interface CardDialogProps {
  open: boolean;
  /** Text of the submit button, e.g. "Pay $12.00". */
  submitLabel: string;
  /** What is being bought, shown under the title. */
  summary?: string;
  defaultEmail?: string;
  busy: boolean;
  /** Server-side problem to show: a message, optionally tied to a field. */
  error?: { message: string; field?: string } | null;
  onSubmit: (form: CardForm) => void;
  onClose: () => void;
}

const FIELD_ORDER: CardField[] = ['firstName', 'lastName', 'email', 'address', 'country', 'state', 'city', 'pincode', 'cardNumber', 'month', 'year', 'cvv'];
const CARD_FIELDS = new Set<string>(['email', 'address', 'country', 'state', 'city', 'pincode', 'firstName', 'lastName', 'cardNumber', 'cvv', 'month', 'year']);

export default function CardDialog({ open, submitLabel, summary, defaultEmail = '', busy, error, onSubmit, onClose }: CardDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [values, setValues] = useState<CardFormValues>(() => emptyCardForm(defaultEmail, guessCountry()));
  const [errors, setErrors] = useState<CardErrors>({});
  const [alert, setAlert] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);
  const years = useMemo(() => expiryYears(), []);
  const countryList = useMemo(() => countries(), []);
  const states = useMemo(() => statesOf(values.country), [values.country]);
  const cardType = detectCardType(values.cardNumber);

  // Card details are never kept between openings; billing details are (the fan may retry with a new card).
  useEffect(() => {
    if (open) {
      setValues((v) => ({ ...v, email: v.email || defaultEmail, cardNumber: '', cvv: '', month: '', year: '' }));
      setErrors({});
      setAlert(undefined);
      setSubmitted(false);
    }
  }, [open, defaultEmail]);

  const serverFieldError = error?.field && CARD_FIELDS.has(error.field) ? (error.field as CardField) : null;

  const set = (field: CardField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    const next = { ...values, [field]: e.target.value };
    if (field === 'country') next.state = '';
    setValues(next);
    if (submitted) {
      const result = validateCardForm(next, { countryHasStates: statesOf(next.country).length > 0 });
      setErrors(result.errors);
      setAlert(result.alert);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const result = validateCardForm(values, { countryHasStates: states.length > 0 });
    setErrors(result.errors);
    setAlert(result.alert);
    if (!result.valid) {
      const firstBad = FIELD_ORDER.find((f) => result.errors[f]);
      if (firstBad) document.getElementById(`card-${firstBad}`)?.focus();
      return;
    }
    const v = trimCardForm(values);
    const form: CardForm = {
      email: v.email,
      address: v.address,
      country: v.country,
      pincode: v.pincode,
      firstName: v.firstName,
      lastName: v.lastName,
      cardNumber: v.cardNumber,
      cvv: v.cvv,
      month: v.month,
      year: v.year,
    };
    if (v.state) form.state = v.state;
    if (v.city) form.city = v.city;
    onSubmit(form);
  };

  const fieldProps = (field: CardField, label: string, autoComplete?: string) => {
    const message = errors[field] ?? (serverFieldError === field ? error?.message : undefined);
    return {
      id: `card-${field}`,
      name: field,
      label,
      value: values[field],
      onChange: set(field),
      error: !!message,
      helperText: message ?? ' ',
      autoComplete,
      disabled: busy,
      size: 'small' as const,
      fullWidth: true,
    };
  };

  const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="card-dialog-title"
      slotProps={{ paper: { 'data-testid': 'card-dialog', component: 'form', onSubmit: submit, noValidate: true } as object }}
      disableRestoreFocus={false}
    >
      <DialogTitle id="card-dialog-title" sx={{ pr: 7 }}>
        Add Card Details
        {summary && (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block', mt: 0.5 }}>
            {summary}
          </Typography>
        )}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} disabled={busy} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseRounded />
      </IconButton>
      <DialogContent dividers>
        {(alert || (error && !serverFieldError)) && (
          <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} role="alert" data-testid="card-dialog-error">
            {alert ?? error?.message}
          </Alert>
        )}

        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
          Billing details
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 0.5 }}>
          <TextField {...fieldProps('firstName', 'First name', 'given-name')} autoFocus />
          <TextField {...fieldProps('lastName', 'Last name', 'family-name')} />
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <TextField {...fieldProps('email', 'Email', 'email')} type="email" />
          </Box>
          <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
            <TextField {...fieldProps('address', 'Address', 'street-address')} />
          </Box>
          <TextField {...fieldProps('country', 'Country', 'country')} select slotProps={nativeSelect}>
            <option value="">Select country</option>
            {countryList.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </TextField>
          {states.length > 0 ? (
            <TextField {...fieldProps('state', 'State/Province', 'address-level1')} select slotProps={nativeSelect}>
              <option value="">Select state/province</option>
              {states.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </TextField>
          ) : (
            <TextField {...fieldProps('state', 'State/Province (optional)', 'address-level1')} />
          )}
          <TextField {...fieldProps('city', 'City', 'address-level2')} />
          <TextField {...fieldProps('pincode', 'Postal code', 'postal-code')} />
        </Box>

        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 1, mb: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
          Card details
          <LockRounded sx={{ fontSize: 16, color: 'text.secondary' }} aria-hidden />
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, columnGap: 2, rowGap: 0.5 }}>
          <Box sx={{ gridColumn: { xs: '1 / -1', sm: '1 / -1' } }}>
            <TextField
              {...fieldProps('cardNumber', 'Card number', 'cc-number')}
              slotProps={{
                htmlInput: { inputMode: 'numeric', maxLength: 23 },
                input: {
                  endAdornment: cardType ? (
                    <InputAdornment position="end">
                      <Chip size="small" label={CARD_TYPE_LABELS[cardType]} data-testid="card-type" data-card-type={cardType} />
                    </InputAdornment>
                  ) : undefined,
                },
              }}
            />
          </Box>
          <TextField {...fieldProps('month', 'Month', 'cc-exp-month')} select slotProps={nativeSelect}>
            <option value="">MM</option>
            {MONTHS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </TextField>
          <TextField {...fieldProps('year', 'Year', 'cc-exp-year')} select slotProps={nativeSelect}>
            <option value="">YYYY</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </TextField>
          <TextField {...fieldProps('cvv', 'CVV', 'cc-csc')} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          data-testid="pay-button"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <LockRounded fontSize="small" />}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
