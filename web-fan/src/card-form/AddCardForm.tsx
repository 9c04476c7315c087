// The card form: a billing section and a card section, used by the 'Add Card Details'
// dialog of the subscribe and unlock flows and by the /profile/add-new-payment-method page.
// Country, state and city come from the server's packaged data set (country prefilled from the caller's IP);
// every field is checked with the server's own rules and messages (domain/card/card-form.ts) and shown inline.
import { useMemo, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LockRounded from '@mui/icons-material/LockRounded';
import type { CardForm } from '../../../domain/card/wire';
import { CARD_TYPE_LABELS, MONTHS, expiryYears, type CardField } from './cardValidation';
import { FIELD_ORDER, type AddCardFormState } from './useAddCardForm';
import { PlaceFields } from './PlaceFields';

export { useAddCardForm, type AddCardFormState } from './useAddCardForm';

const CARD_FIELDS = new Set<string>(FIELD_ORDER);

export type ServerError = { message: string; field?: string } | null | undefined;

export interface AddCardFormProps {
  form: AddCardFormState;
  /** The <form> element's id: submit buttons elsewhere (dialog actions) point at it with form={id}. */
  id: string;
  busy: boolean;
  /** A server-side problem: shown on its field when it names one of the form's fields, else above the form. */
  error?: ServerError;
  onSubmit: (card: CardForm) => void;
  autoFocus?: boolean;
}

export default function AddCardForm({ form, id, busy, error, onSubmit, autoFocus }: AddCardFormProps) {
  const { values, errors, alert, set, countries, states, cities, cardType, asked } = form;
  // Only the billing fields the card provider needs are asked (the public settings' card_form_fields).
  const fullAddress = asked.has('address');
  const years = useMemo(() => expiryYears(), []);
  const serverField = error?.field && CARD_FIELDS.has(error.field) ? (error.field as CardField) : null;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const card = form.submit();
    if (card) onSubmit(card);
  };

  const fieldProps = (field: CardField, label: string, autoComplete?: string) => {
    const message = errors[field] ?? (serverField === field ? error?.message : undefined);
    return {
      id: `card-${field}`,
      name: field,
      label,
      value: values[field],
      onChange: (e: { target: { value: string } }) => set(field, e.target.value),
      error: !!message,
      helperText: message ?? ' ',
      autoComplete,
      disabled: busy,
      size: 'small' as const,
      fullWidth: true,
    };
  };
  const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } };

  const cityMessage = errors.city ?? (serverField === 'city' ? error?.message : undefined);
  const formAlert = alert ?? (error && !serverField ? error.message : undefined);

  return (
    <Box component="form" id={id} onSubmit={handleSubmit} noValidate data-testid="card-form">
      {formAlert && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} role="alert" data-testid="card-dialog-error">
          {formAlert}
        </Alert>
      )}

      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
        {fullAddress ? 'Billing details' : 'Name on card'}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1.25 }} data-testid="billing-fields" data-fields={[...asked].join(' ')}>
        <TextField {...fieldProps('firstName', 'First name', 'given-name')} autoFocus={autoFocus && !values.firstName} />
        <TextField {...fieldProps('lastName', 'Last name', 'family-name')} />
        {asked.has('email') && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TextField {...fieldProps('email', 'Email', 'email')} type="email" />
          </Box>
        )}
        {fullAddress && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <TextField {...fieldProps('address', 'Address', 'street-address')} />
          </Box>
        )}

        <PlaceFields
          idPrefix="card"
          values={values}
          set={set}
          fieldProps={fieldProps}
          countries={countries}
          states={states}
          cities={cities}
          busy={busy}
          cityMessage={cityMessage}
          countryListHint="The country list did not load: enter its 2-letter code."
          asked={asked}
        />
        {asked.has('pincode') && <TextField {...fieldProps('pincode', 'Postal code', 'postal-code')} />}
      </Box>

      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 1, mb: 1.5, display: 'flex', alignItems: 'center', gap: 1 }}>
        Card details
        <LockRounded sx={{ fontSize: 16, color: 'text.secondary' }} aria-hidden />
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, columnGap: 2, rowGap: 1.25 }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
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
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
          <TextField {...fieldProps('cvv', 'CVV', 'cc-csc')} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }} />
        </Box>
      </Box>
      {countries.error && (
        <Button size="small" onClick={countries.retry} sx={{ mt: 1 }}>
          Reload the country list
        </Button>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Your card is stored by our payment provider. We keep only its brand, last 4 digits and expiry date.
      </Typography>
    </Box>
  );
}
