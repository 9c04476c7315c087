// Card and billing validation (spec 1 §5), shared by the server and the fan site. Messages are exact.
import { ValidationError, isValidEmail } from '../shared/validation';

export type CardBrand = 'jcb' | 'amex' | 'diners_club' | 'visa' | 'mastercard' | 'discover' | 'maestro';

/** Brand from the number's prefix, in the order the spec lists them; null for an unknown type. */
export function detectCardBrand(number: string): CardBrand | null {
  const n = number.replace(/\s+/g, '');
  if (/^35(2[89]|[3-8])/.test(n)) return 'jcb';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^3(0[0-5]|[689])/.test(n)) return 'diners_club';
  if (/^4/.test(n)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(n)) return 'mastercard';
  if (/^(6011|65|64[4-9]|622)/.test(n)) return 'discover';
  if (/^(5[06-8]|6\d)/.test(n)) return 'maestro';
  return null;
}

export interface CardFields {
  cardNumber: string;
  cvv: string;
  month: string;
  year: string;
}

export interface BillingFields {
  email: string;
  address: string;
  country: string;
  state?: string;
  city?: string;
  pincode: string;
  firstName: string;
  lastName: string;
}

/** Years offered: the current year plus 14 more (15 listed). */
export const expiryYears = (currentYear: number): string[] => Array.from({ length: 15 }, (_, i) => String(currentYear + i));

/** Throws ValidationError naming the first bad field. `currentYear`/`currentMonth` come from the caller's clock. */
export function validateCard(c: CardFields, now: { year: number; month: number }): { brand: CardBrand; number: string } {
  const number = c.cardNumber.trim();
  if (number === '') throw new ValidationError('cardNumber', 'Please enter a card number.');
  if (!/^\d+$/.test(number)) throw new ValidationError('cardNumber', 'Please enter a valid card number (Only numbers allowed)');
  if (number.length < 13 || number.length > 19) throw new ValidationError('cardNumber', 'Please enter a valid card number.');
  const brand = detectCardBrand(number);
  if (!brand) throw new ValidationError('cardNumber', 'Invalid payment card type.');
  const cvv = c.cvv.trim();
  if (cvv === '') throw new ValidationError('cvv', 'Please enter a cvv.');
  if (!/^\d{3,4}$/.test(cvv)) throw new ValidationError('cvv', 'Please enter a valid cvv.');
  if (!/^(0[1-9]|1[0-2])$/.test(c.month.trim())) throw new ValidationError('month', 'Please select month.');
  const year = c.year.trim();
  if (!expiryYears(now.year).includes(year)) throw new ValidationError('year', 'Please select year.');
  if (Number(year) === now.year && Number(c.month) < now.month) throw new ValidationError('month', 'Please select month.');
  return { brand, number };
}

export function validateBilling(b: BillingFields, hasStates: boolean, hasCities: boolean): BillingFields {
  const t = (s: string | undefined) => (s ?? '').trim();
  const email = t(b.email);
  if (email === '') throw new ValidationError('email', 'Please enter an email.');
  if (!isValidEmail(email)) throw new ValidationError('email', 'Please enter a valid email.');
  if (t(b.address) === '') throw new ValidationError('address', 'Please enter an address.');
  if (t(b.country) === '') throw new ValidationError('country', 'Please enter a country.');
  if (hasStates && t(b.state) === '') throw new ValidationError('state', 'Please enter a state/province.');
  if (hasCities && t(b.city) === '') throw new ValidationError('city', 'Please enter a city.');
  if (t(b.pincode) === '') throw new ValidationError('pincode', 'Please enter a postal code.');
  if (t(b.firstName) === '') throw new ValidationError('firstName', 'Please enter a first name.');
  if (t(b.lastName) === '') throw new ValidationError('lastName', 'Please enter a last name.');
  return { email, address: t(b.address), country: t(b.country).toUpperCase(), state: t(b.state), city: t(b.city), pincode: t(b.pincode), firstName: t(b.firstName), lastName: t(b.lastName) };
}
