// Card and billing validation in the 'Add Card Details' form: the very rules and messages the server applies
// (domain/card/card-form.ts), reported per field so the form can show them all inline.
import {
  BILLING_MESSAGES,
  CARD_MESSAGES,
  MONTHS as CARD_MONTHS,
  billingProblems,
  cardProblems,
  detectCardBrand,
  expiryYears as yearsFrom,
  looseFacts,
  FULL_BILLING,
  type BillingField,
  type CardBrand,
  type PlaceFacts,
} from '../../../domain/card/card-form';
import type { CardForm } from '../../../domain/card/wire';

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

/** A saved card as fans see it everywhere ('Visa •••• 4242'); a brand we have no label for is shown capitalised. */
export function cardName(card: { brand: string; last4: string }): string {
  const brand = CARD_TYPE_LABELS[card.brand as CardType] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} •••• ${card.last4}`;
}

/** Brand from the prefix: the same rule the server applies. */
export function detectCardType(number: string): CardType | null {
  return detectCardBrand(number);
}

export const MESSAGES = { ...CARD_MESSAGES, ...BILLING_MESSAGES } as const;

export type CardFormValues = Required<CardForm>;
export type CardField = keyof CardFormValues;
export type CardErrors = Partial<Record<CardField, string>>;

export const MONTHS = CARD_MONTHS;

/** The current year plus 14 more: 15 years listed. */
export function expiryYears(now = new Date()): string[] {
  return yearsFrom(now.getFullYear());
}

export function emptyCardForm(email = '', country = ''): CardFormValues {
  return { email, address: '', country, state: '', city: '', pincode: '', firstName: '', lastName: '', cardNumber: '', cvv: '', month: '', year: '' };
}

export function trimCardForm(v: CardFormValues): CardFormValues {
  const out = { ...v };
  for (const key of Object.keys(out) as CardField[]) out[key] = String(out[key] ?? '').trim();
  return out;
}

export interface CardValidation {
  errors: CardErrors;
  /** Form-level alert (unknown card type). */
  alert?: string;
  cardType: CardType | null;
  valid: boolean;
}

/**
 * Every problem of the form. `places` is what the lookups said about the chosen country and state (the form
 * knows the state list and whether the state has cities); the server re-checks against the same data set.
 */
export function validateCardForm(
  raw: CardFormValues,
  places: PlaceFacts | { countryHasStates: boolean; stateHasCities?: boolean },
  now = new Date(),
  fields: readonly BillingField[] = FULL_BILLING,
): CardValidation {
  const facts = 'stateCodes' in places ? places : looseFacts(places.countryHasStates, !!places.stateHasCities);
  const billing = billingProblems(raw, facts, fields);
  const card = cardProblems(raw, { year: now.getFullYear(), month: now.getMonth() + 1 });
  const errors: CardErrors = { ...billing, ...card.fields };
  return { errors, alert: card.alert, cardType: detectCardType(raw.cardNumber.trim()), valid: Object.keys(errors).length === 0 && !card.alert };
}

/** The account's name as the card's first and last name: the first word, and the rest. */
export function nameParts(name: string | null | undefined): { firstName: string; lastName: string } {
  const [first = '', ...rest] = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: first, lastName: rest.join(' ') };
}
