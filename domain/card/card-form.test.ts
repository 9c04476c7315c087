import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/validation';
import { detectCardBrand, expiryYears, validateBilling, validateCard, type BillingFields, type CardFields } from './card-form';

const NOW = { year: 2026, month: 6 };
const card = (patch: Partial<CardFields> = {}): CardFields => ({ cardNumber: '4242424242424242', cvv: '123', month: '12', year: '2027', ...patch });

function failure(fn: () => unknown): { field: string; message: string } | null {
  try {
    fn();
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(ValidationError);
    const v = e as ValidationError;
    expect(v.code).toBe('VALIDATION');
    expect(v.status).toBe(400);
    return { field: v.field, message: v.message };
  }
}

describe('detectCardBrand (spec 1 §5 order: jcb, amex, diners_club, visa, mastercard, discover, maestro)', () => {
  it.each([
    ['3528000000000000', 'jcb'],
    ['3530111333300000', 'jcb'],
    ['3589000000000000', 'jcb'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['30569309025904', 'diners_club'],
    ['30000000000004', 'diners_club'],
    ['36227206271667', 'diners_club'],
    ['38520000023237', 'diners_club'],
    ['39000000000000', 'diners_club'],
    ['4242424242424242', 'visa'],
    ['4111111111111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['6440000000000000', 'discover'],
    ['6221260000000000', 'discover'],
    ['5018000000000009', 'maestro'],
    ['5600000000000000', 'maestro'],
    ['5800000000000000', 'maestro'],
    ['6304000000000000', 'maestro'],
    ['6759000000000000', 'maestro'],
    ['4242 4242 4242 4242', 'visa'],
  ])('%s → %s', (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });

  it.each(['1234567890123', '9999999999999', '7000000000000', '2000000000000', '2721000000000000', '5900000000000000', '3100000000000', '3527000000000000', '306000000000000', ''])(
    '%j → null (unknown type)',
    (number) => {
      expect(detectCardBrand(number)).toBeNull();
    },
  );
});

describe('expiryYears', () => {
  it('lists the current year plus 14 more (15 years)', () => {
    const years = expiryYears(2026);
    expect(years).toHaveLength(15);
    expect(years[0]).toBe('2026');
    expect(years[14]).toBe('2040');
  });
});

describe('validateCard (spec 1 §5)', () => {
  it('accepts a valid card and returns brand and trimmed number', () => {
    expect(validateCard(card({ cardNumber: ' 4242424242424242 ' }), NOW)).toEqual({ brand: 'visa', number: '4242424242424242' });
    expect(validateCard(card({ cardNumber: '378282246310005', cvv: '1234' }), NOW)).toEqual({ brand: 'amex', number: '378282246310005' });
  });

  it.each(['', '   '])('card number %j → Please enter a card number.', (cardNumber) => {
    expect(failure(() => validateCard(card({ cardNumber }), NOW))).toEqual({ field: 'cardNumber', message: 'Please enter a card number.' });
  });

  it.each(['4242-4242-4242-4242', '4242 4242 4242 4242', '42424242424242a', 'abcd'])('card number %j → Only numbers allowed', (cardNumber) => {
    expect(failure(() => validateCard(card({ cardNumber }), NOW))).toEqual({
      field: 'cardNumber',
      message: 'Please enter a valid card number (Only numbers allowed)',
    });
  });

  it.each(['424242424242', '42424242424242424242', '4'])('card number of length %s → Please enter a valid card number.', (cardNumber) => {
    expect(failure(() => validateCard(card({ cardNumber }), NOW))).toEqual({ field: 'cardNumber', message: 'Please enter a valid card number.' });
  });

  it('accepts 13 and 19 digits', () => {
    expect(failure(() => validateCard(card({ cardNumber: '4111111111111' }), NOW))).toBeNull();
    expect(failure(() => validateCard(card({ cardNumber: '4111111111111111111' }), NOW))).toBeNull();
  });

  it.each(['1234567890123', '9999999999999999', '7000000000000'])('unknown prefix %s → Invalid payment card type.', (cardNumber) => {
    expect(failure(() => validateCard(card({ cardNumber }), NOW))).toEqual({ field: 'cardNumber', message: 'Invalid payment card type.' });
  });

  it.each(['', '  '])('cvv %j → Please enter a cvv.', (cvv) => {
    expect(failure(() => validateCard(card({ cvv }), NOW))).toEqual({ field: 'cvv', message: 'Please enter a cvv.' });
  });

  it.each(['12', '12345', 'abc', '12a'])('cvv %j → Please enter a valid cvv.', (cvv) => {
    expect(failure(() => validateCard(card({ cvv }), NOW))).toEqual({ field: 'cvv', message: 'Please enter a valid cvv.' });
  });

  it.each(['123', '1234', ' 123 '])('accepts cvv %j', (cvv) => {
    expect(failure(() => validateCard(card({ cvv }), NOW))).toBeNull();
  });

  it.each(['', '00', '13', '1', 'ab', '012'])('month %j → Please select month.', (month) => {
    expect(failure(() => validateCard(card({ month }), NOW))).toEqual({ field: 'month', message: 'Please select month.' });
  });

  it.each(['01', '09', '10', '12'])('accepts month %s', (month) => {
    expect(failure(() => validateCard(card({ month }), NOW))).toBeNull();
  });

  it.each(['', '2025', '2041', '27', 'abcd'])('year %j → Please select year.', (year) => {
    expect(failure(() => validateCard(card({ year }), NOW))).toEqual({ field: 'year', message: 'Please select year.' });
  });

  it.each(['2026', '2033', '2040'])('accepts year %s (current year plus 14)', (year) => {
    expect(failure(() => validateCard(card({ year, month: '12' }), NOW))).toBeNull();
  });

  it('refuses a month already past in the current year', () => {
    expect(failure(() => validateCard(card({ year: '2026', month: '05' }), NOW))).toEqual({ field: 'month', message: 'Please select month.' });
    expect(failure(() => validateCard(card({ year: '2026', month: '01' }), NOW))).toEqual({ field: 'month', message: 'Please select month.' });
  });

  it('accepts the current month of the current year, and any month of a later year', () => {
    expect(failure(() => validateCard(card({ year: '2026', month: '06' }), NOW))).toBeNull();
    expect(failure(() => validateCard(card({ year: '2027', month: '01' }), NOW))).toBeNull();
  });

  it('checks fields in order: number, cvv, month, year', () => {
    const all = { cardNumber: '', cvv: '', month: '', year: '' };
    expect(failure(() => validateCard(all, NOW))?.field).toBe('cardNumber');
    expect(failure(() => validateCard({ ...all, cardNumber: '4242424242424242' }, NOW))?.field).toBe('cvv');
    expect(failure(() => validateCard({ ...all, cardNumber: '4242424242424242', cvv: '123' }, NOW))?.field).toBe('month');
    expect(failure(() => validateCard({ ...all, cardNumber: '4242424242424242', cvv: '123', month: '01' }, NOW))?.field).toBe('year');
  });
});

describe('validateBilling (spec 1 §5)', () => {
  const billing = (patch: Partial<BillingFields> = {}): BillingFields => ({
    email: 'fan@example.com',
    address: '1 Main St',
    country: 'us',
    state: 'CA',
    city: 'Los Angeles',
    pincode: '90001',
    firstName: 'Ann',
    lastName: 'Fan',
    ...patch,
  });

  it('trims every field and upper-cases the country', () => {
    expect(
      validateBilling(
        { email: ' fan@example.com ', address: ' 1 Main St ', country: ' us ', state: ' CA ', city: ' Los Angeles ', pincode: ' 90001 ', firstName: ' Ann ', lastName: ' Fan ' },
        true,
        true,
      ),
    ).toEqual({ email: 'fan@example.com', address: '1 Main St', country: 'US', state: 'CA', city: 'Los Angeles', pincode: '90001', firstName: 'Ann', lastName: 'Fan' });
  });

  it('returns empty state and city when the country has none', () => {
    expect(validateBilling(billing({ state: undefined, city: undefined }), false, false)).toMatchObject({ state: '', city: '' });
  });

  it.each([
    [{ email: '' }, 'email', 'Please enter an email.'],
    [{ email: '   ' }, 'email', 'Please enter an email.'],
    [{ email: 'fan@' }, 'email', 'Please enter a valid email.'],
    [{ email: 'fan@example' }, 'email', 'Please enter a valid email.'],
    [{ address: ' ' }, 'address', 'Please enter an address.'],
    [{ country: '' }, 'country', 'Please enter a country.'],
    [{ state: ' ' }, 'state', 'Please enter a state/province.'],
    [{ state: undefined }, 'state', 'Please enter a state/province.'],
    [{ city: '' }, 'city', 'Please enter a city.'],
    [{ city: undefined }, 'city', 'Please enter a city.'],
    [{ pincode: '' }, 'pincode', 'Please enter a postal code.'],
    [{ firstName: ' ' }, 'firstName', 'Please enter a first name.'],
    [{ lastName: '' }, 'lastName', 'Please enter a last name.'],
  ] as [Partial<BillingFields>, string, string][])('%j → %s: %s', (patch, field, message) => {
    expect(failure(() => validateBilling(billing(patch), true, true))).toEqual({ field, message });
  });

  it('requires state only when the country has states, city only when cities exist', () => {
    expect(failure(() => validateBilling(billing({ state: '' }), false, true))).toBeNull();
    expect(failure(() => validateBilling(billing({ city: '' }), true, false))).toBeNull();
  });

  it('checks fields in the spec order', () => {
    const empty: BillingFields = { email: '', address: '', country: '', state: '', city: '', pincode: '', firstName: '', lastName: '' };
    const order = ['email', 'address', 'country', 'state', 'city', 'pincode', 'firstName', 'lastName'];
    const filled = billing();
    const seen: string[] = [];
    const current = { ...empty };
    for (const field of order) {
      seen.push(failure(() => validateBilling(current, true, true))!.field);
      (current as unknown as Record<string, string | undefined>)[field] = (filled as unknown as Record<string, string | undefined>)[field];
    }
    expect(seen).toEqual(order);
    expect(failure(() => validateBilling(current, true, true))).toBeNull();
  });
});
