// Card and billing validation, with the spec's exact messages (spec 1 §5).
import { isValidEmail } from '../../../domain/shared/validation';
import { detectCardBrand, type CardBrand } from '../../../domain/card/card-form';
import type { CardForm } from '../../../domain/shared/wire';

export type CardType = CardBrand;

export const CARD_TYPE_LABELS: Record<CardType, string> = {
  jcb: 'JCB',
  amex: 'American Express',
  diners_club: 'Diners Club',
  visa: 'Visa',
  mastercard: 'Mastercard',
  discover: 'Discover',
  maestro: 'Maestro',
};

/** Brand from the prefix: the same rule the server applies (domain/card/card-form.ts). */
export function detectCardType(number: string): CardType | null {
  return detectCardBrand(number);
}

export const MESSAGES = {
  cardRequired: 'Please enter a card number.',
  cardInvalid: 'Please enter a valid card number.',
  cardDigits: 'Please enter a valid card number (Only numbers allowed)',
  cardType: 'Invalid payment card type.',
  cvvRequired: 'Please enter a cvv.',
  cvvInvalid: 'Please enter a valid cvv.',
  month: 'Please select month.',
  year: 'Please select year.',
  emailRequired: 'Please enter an email.',
  emailInvalid: 'Please enter a valid email.',
  address: 'Please enter an address.',
  country: 'Please enter a country.',
  state: 'Please enter a state/province.',
  city: 'Please enter a city.',
  pincode: 'Please enter a postal code.',
  firstName: 'Please enter a first name.',
  lastName: 'Please enter a last name.',
} as const;


export type CardFormValues = Required<CardForm>;
export type CardField = keyof CardFormValues;
export type CardErrors = Partial<Record<CardField, string>>;

export const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** The current year plus 14 more: 15 years listed. */
export function expiryYears(now = new Date()): string[] {
  const first = now.getFullYear();
  return Array.from({ length: 15 }, (_, i) => String(first + i));
}

export function emptyCardForm(email = '', country = ''): CardFormValues {
  return {
    email,
    address: '',
    country,
    state: '',
    city: '',
    pincode: '',
    firstName: '',
    lastName: '',
    cardNumber: '',
    cvv: '',
    month: '',
    year: '',
  };
}

export function trimCardForm(v: CardFormValues): CardFormValues {
  const out = { ...v };
  for (const key of Object.keys(out) as CardField[]) out[key] = String(out[key] ?? '').trim();
  return out;
}

export function validateCardNumber(raw: string): string | undefined {
  const v = raw.trim();
  if (!v) return MESSAGES.cardRequired;
  if (!/^\d+$/.test(v)) return MESSAGES.cardDigits;
  if (v.length < 13 || v.length > 19) return MESSAGES.cardInvalid;
  return undefined;
}

export function validateCvv(raw: string): string | undefined {
  const v = raw.trim();
  if (!v) return MESSAGES.cvvRequired;
  if (!/^\d{3,4}$/.test(v)) return MESSAGES.cvvInvalid;
  return undefined;
}

export interface CardValidation {
  errors: CardErrors;
  /** Form-level alert (unknown card type). */
  alert?: string;
  cardType: CardType | null;
  valid: boolean;
}

export function validateCardForm(raw: CardFormValues, opts: { countryHasStates: boolean }): CardValidation {
  const v = trimCardForm(raw);
  const errors: CardErrors = {};
  if (!v.email) errors.email = MESSAGES.emailRequired;
  else if (!isValidEmail(v.email.trim().toLowerCase())) errors.email = MESSAGES.emailInvalid;
  if (!v.address) errors.address = MESSAGES.address;
  if (!v.country) errors.country = MESSAGES.country;
  if (opts.countryHasStates && !v.state) errors.state = MESSAGES.state;
  if (!v.pincode) errors.pincode = MESSAGES.pincode;
  if (!v.firstName) errors.firstName = MESSAGES.firstName;
  if (!v.lastName) errors.lastName = MESSAGES.lastName;

  const numberError = validateCardNumber(v.cardNumber);
  if (numberError) errors.cardNumber = numberError;
  const cvvError = validateCvv(v.cvv);
  if (cvvError) errors.cvv = cvvError;
  const now = new Date();
  if (!MONTHS.includes(v.month)) errors.month = MESSAGES.month;
  if (!expiryYears(now).includes(v.year)) errors.year = MESSAGES.year;
  // An expiry month already past in the current year (the server rejects it the same way).
  else if (!errors.month && Number(v.year) === now.getFullYear() && Number(v.month) < now.getMonth() + 1) errors.month = MESSAGES.month;

  const cardType = detectCardType(v.cardNumber);
  const alert = !numberError && !cardType ? MESSAGES.cardType : undefined;
  return { errors, alert, cardType, valid: Object.keys(errors).length === 0 && !alert };
}
