import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/validation';
import {
  BILLING_MESSAGES,
  CARD_MESSAGES,
  billingProblems,
  cardFormFields,
  cardNumberProblem,
  cardProblems,
  cardTypeProblem,
  cityProblem,
  countryProblem,
  cvvProblem,
  detectCardBrand,
  emailProblem,
  expiryYears,
  formatCardNumber,
  monthProblem,
  normaliseCardNumber,
  stateProblem,
  validateBilling,
  validateCard,
  yearProblem,
  type BillingFields,
  type CardFields,
  type PlaceFacts,
} from './card-form';

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

  it.each(['4242 4242 4242 4242', '4242-4242-4242-4242', ' 4242 4242-4242  4242 ', '4242\t4242 4242 4242'])('card number %j as people type it (spaces, dashes) is accepted as its digits', (cardNumber) => {
    expect(validateCard(card({ cardNumber }), NOW)).toEqual({ brand: 'visa', number: '4242424242424242' });
  });

  it.each(['4242.4242.4242.4242', '4242_4242_4242_4242', '42424242424242a', 'abcd', '4242 4242 4242 424x'])('card number %j → Only numbers allowed', (cardNumber) => {
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

describe('spec 1 §5 messages, word for word', () => {
  it('card', () => {
    expect(Object.values(CARD_MESSAGES)).toEqual([
      'Please enter a card number.',
      'Please enter a valid card number.',
      'Please enter a valid card number (Only numbers allowed)',
      'Invalid payment card type.',
      'Please enter a cvv.',
      'Please enter a valid cvv.',
      'Please select month.',
      'Please select year.',
    ]);
  });
  it('billing', () => {
    expect(Object.values(BILLING_MESSAGES)).toEqual([
      'Please enter an email.',
      'Please enter a valid email.',
      'Please enter an address.',
      'Please enter a country.',
      'Please enter a state/province.',
      'Please enter a city.',
      'Please enter a postal code.',
      'Please enter a first name.',
      'Please enter a last name.',
    ]);
  });
});

describe('one rule per field (the functions the dialog and the server share)', () => {
  it.each([
    ['', 'Please enter a card number.'],
    ['  ', 'Please enter a card number.'],
    ['4242 4242 4242 4242', undefined],
    ['4242-4242-4242-4242', undefined],
    ['4242-4242', 'Please enter a valid card number.'],
    ['4242/4242/4242/4242', 'Please enter a valid card number (Only numbers allowed)'],
    ['４２４２４２４２４２４２４２４２', 'Please enter a valid card number (Only numbers allowed)'],
    ['424242424242', 'Please enter a valid card number.'],
    ['42424242424242424242', 'Please enter a valid card number.'],
    ['4111111111111', undefined],
    ['4111111111111111111', undefined],
    [' 4242424242424242 ', undefined],
    ['9999999999999999', undefined], // well formed: the brand check is a separate alert
  ])('cardNumberProblem(%j) → %j', (raw, message) => expect(cardNumberProblem(raw)).toBe(message));

  it.each([
    ['9999999999999999', 'Invalid payment card type.'],
    ['1234567890123', 'Invalid payment card type.'],
    ['4242424242424242', undefined],
    ['', undefined], // the number's own message comes first
    ['abc', undefined],
  ])('cardTypeProblem(%j) → %j', (raw, message) => expect(cardTypeProblem(raw)).toBe(message));

  it.each([
    ['', 'Please enter a cvv.'],
    [' ', 'Please enter a cvv.'],
    ['1', 'Please enter a valid cvv.'],
    ['12', 'Please enter a valid cvv.'],
    ['12345', 'Please enter a valid cvv.'],
    ['12a', 'Please enter a valid cvv.'],
    ['123', undefined],
    ['1234', undefined],
  ])('cvvProblem(%j) → %j', (raw, message) => expect(cvvProblem(raw)).toBe(message));

  it.each([
    ['', '2027', 'Please select month.'],
    ['13', '2027', 'Please select month.'],
    ['00', '2027', 'Please select month.'],
    ['1', '2027', 'Please select month.'],
    ['05', '2026', 'Please select month.'], // already past this year (now = June 2026)
    ['06', '2026', undefined],
    ['01', '2027', undefined],
    ['12', '', undefined], // the year's own rule reports a missing year
  ])('monthProblem(%j, %j) → %j', (month, year, message) => expect(monthProblem(month, year, NOW)).toBe(message));

  it.each([
    ['', 'Please select year.'],
    ['2025', 'Please select year.'],
    ['2041', 'Please select year.'],
    ['26', 'Please select year.'],
    ['2026', undefined],
    ['2040', undefined],
  ])('yearProblem(%j) → %j', (year, message) => expect(yearProblem(year, NOW)).toBe(message));

  it.each([
    ['', 'Please enter an email.'],
    ['   ', 'Please enter an email.'],
    ['fan', 'Please enter a valid email.'],
    ['fan@example', 'Please enter a valid email.'],
    ['fan @example.com', 'Please enter a valid email.'],
    [' Fan@Example.com ', undefined],
  ])('emailProblem(%j) → %j', (raw, message) => expect(emailProblem(raw)).toBe(message));

  const US: PlaceFacts = { countryKnown: true, stateCodes: ['NY', 'CA'], citiesExist: true };
  const NO_STATES: PlaceFacts = { countryKnown: true, stateCodes: [], citiesExist: false };
  const NO_CITIES: PlaceFacts = { countryKnown: true, stateCodes: ['GU'], citiesExist: false };
  const UNKNOWN: PlaceFacts = { countryKnown: false, stateCodes: [], citiesExist: false };

  it.each([
    ['', US, 'Please enter a country.'],
    ['US', UNKNOWN, 'Please enter a country.'],
    ['US', US, undefined],
  ] as [string, PlaceFacts, string | undefined][])('countryProblem(%j) → %j', (raw, facts, message) => expect(countryProblem(raw, facts)).toBe(message));

  it.each([
    ['', US, 'Please enter a state/province.'],
    ['TX', US, 'Please enter a state/province.'], // not one of the country's states
    ['New York', US, 'Please enter a state/province.'], // the code is sent, not the name
    ['NY', US, undefined],
    ['ny', US, undefined],
    ['', NO_STATES, undefined], // required only when the country has states
    ['Anything', NO_STATES, undefined],
  ] as [string, PlaceFacts, string | undefined][])('stateProblem(%j) → %j', (raw, facts, message) => expect(stateProblem(raw, facts)).toBe(message));

  it.each([
    ['', US, 'Please enter a city.'],
    ['  ', US, 'Please enter a city.'],
    ['New York', US, undefined],
    ['Brand New Town', US, undefined], // a new city may be typed
    ['', NO_CITIES, undefined], // required only when cities exist
    ['', NO_STATES, undefined],
  ] as [string, PlaceFacts, string | undefined][])('cityProblem(%j) → %j', (raw, facts, message) => expect(cityProblem(raw, facts)).toBe(message));
});

describe('whole forms', () => {
  const US: PlaceFacts = { countryKnown: true, stateCodes: ['NY', 'CA'], citiesExist: true };
  const empty: BillingFields = { email: '', address: '', country: '', state: '', city: '', pincode: '', firstName: '', lastName: '' };

  it('billingProblems reports every field at once (the dialog shows them inline)', () => {
    expect(billingProblems(empty, US)).toEqual({
      email: 'Please enter an email.',
      address: 'Please enter an address.',
      country: 'Please enter a country.',
      state: 'Please enter a state/province.',
      city: 'Please enter a city.',
      pincode: 'Please enter a postal code.',
      firstName: 'Please enter a first name.',
      lastName: 'Please enter a last name.',
    });
  });

  it('cardProblems reports every field, and the unknown type as an alert', () => {
    expect(cardProblems({ cardNumber: '', cvv: '', month: '', year: '' }, NOW)).toEqual({
      fields: { cardNumber: 'Please enter a card number.', cvv: 'Please enter a cvv.', month: 'Please select month.', year: 'Please select year.' },
    });
    expect(cardProblems({ cardNumber: '9999999999999999', cvv: '123', month: '12', year: '2027' }, NOW)).toEqual({ fields: {}, alert: 'Invalid payment card type.' });
    expect(cardProblems({ cardNumber: '4242424242424242', cvv: '123', month: '05', year: '2026' }, NOW)).toEqual({ fields: { month: 'Please select month.' } });
    expect(cardProblems({ cardNumber: '4242424242424242', cvv: '123', month: '05', year: '' }, NOW)).toEqual({ fields: { year: 'Please select year.' } });
  });

  it('the server throws the first of the same problems, in the spec order', () => {
    const b = { ...empty, email: 'fan@example.com', address: '1 Main St', country: 'US' };
    expect(failure(() => validateBilling(b, US))).toEqual({ field: 'state', message: 'Please enter a state/province.' });
    expect(failure(() => validateBilling({ ...b, state: 'NY' }, US))).toEqual({ field: 'city', message: 'Please enter a city.' });
    expect(failure(() => validateBilling({ ...b, state: 'NY', city: 'NYC' }, { ...US, countryKnown: false }))).toEqual({ field: 'country', message: 'Please enter a country.' });
  });

  it('validateBilling sends the country and state as upper-case codes', () => {
    const ok = validateBilling({ ...empty, email: 'a@b.co', address: 'x', country: 'us', state: 'ny', city: ' New York ', pincode: '1', firstName: 'A', lastName: 'B' }, US);
    expect(ok).toMatchObject({ country: 'US', state: 'NY', city: 'New York' });
  });

  it('validateCard reports an unknown type on the card number', () => {
    expect(failure(() => validateCard(card({ cardNumber: '9999999999999999' }), NOW))).toEqual({ field: 'cardNumber', message: 'Invalid payment card type.' });
  });
});

describe('normaliseCardNumber and formatCardNumber (typing a card number)', () => {
  it.each([
    ['4242 4242 4242 4242', '4242424242424242'],
    ['4242-4242-4242-4242', '4242424242424242'],
    ['  4242 - 4242 ', '42424242'],
    ['4242.4242', '4242.4242'], // other characters stay, for the rule to refuse
    ['', ''],
  ])('normaliseCardNumber(%j) → %j', (raw, digits) => expect(normaliseCardNumber(raw)).toBe(digits));

  it.each([
    ['', ''],
    ['4', '4'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242-4242-4242', '4242 4242 4242 4242'],
    ['4242 4242 4242 4242 ', '4242 4242 4242 4242'],
    ['4111111111111111111', '4111 1111 1111 1111 111'],
    ['41111111111111111119999', '4111 1111 1111 1111 111'], // at most 19 digits
    ['378282246310005', '3782 822463 10005'], // American Express: 4-6-5
    ['4242abc4242', '4242 4242'],
  ])('formatCardNumber(%j) → %j', (raw, shown) => expect(formatCardNumber(raw)).toBe(shown));

  it('a formatted number passes the same rules as its digits', () => {
    const shown = formatCardNumber('4242424242424242');
    expect(cardNumberProblem(shown)).toBeUndefined();
    expect(validateCard(card({ cardNumber: shown }), NOW).number).toBe('4242424242424242');
  });
});

describe('the billing fields a card form asks, per provider', () => {
  const facts = { countryKnown: true, stateCodes: ['NY'], citiesExist: true };
  const blank = { email: '', address: '', country: '', state: '', city: '', pincode: '', firstName: '', lastName: '' };

  it('the sandbox asks the name and the country; CCBill also the postal code; Sticky.io the whole address', () => {
    expect(cardFormFields('sandbox')).toEqual(['country', 'firstName', 'lastName']);
    expect(cardFormFields('ccbill')).toEqual(['country', 'pincode', 'firstName', 'lastName']);
    expect(cardFormFields('sticky-io')).toEqual(['email', 'address', 'country', 'state', 'city', 'pincode', 'firstName', 'lastName']);
    // A provider switched on but not set up, and a site that asks for the billing address: the whole section.
    expect(cardFormFields('unconfigured')).toEqual(cardFormFields('sticky-io'));
    expect(cardFormFields('sandbox', true)).toEqual(cardFormFields('sticky-io'));
  });

  it('only the fields asked are checked; the first missing one is named', () => {
    expect(Object.keys(billingProblems(blank, facts, cardFormFields('sandbox')))).toEqual(['country', 'firstName', 'lastName']);
    expect(Object.keys(billingProblems(blank, facts, cardFormFields('ccbill')))).toEqual(['country', 'pincode', 'firstName', 'lastName']);
    expect(Object.keys(billingProblems(blank, facts, cardFormFields('sticky-io')))).toHaveLength(8);
    const named = { ...blank, country: 'US', firstName: 'Ada', lastName: 'Lovelace' };
    expect(() => validateBilling(named, facts, cardFormFields('sandbox'))).not.toThrow();
    expect(() => validateBilling(named, facts, cardFormFields('ccbill'))).toThrow(expect.objectContaining({ field: 'pincode', message: 'Please enter a postal code.' }));
    expect(() => validateBilling({ ...named, pincode: '10001' }, facts, cardFormFields('sticky-io'))).toThrow(expect.objectContaining({ field: 'email' }));
  });
});
