// The card form's state: values, the place lookups (country prefilled from the caller's IP), validation with the
// server's own rules and messages (domain/card/card-form.ts), and the trimmed form to send.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CardForm } from '../../../domain/card/wire';
import { FULL_BILLING, formatCardNumber, normaliseCardNumber, type BillingField, type PlaceFacts } from '../../../domain/card/card-form';
import { detectCardType, emptyCardForm, nameParts, trimCardForm, validateCardForm, type CardErrors, type CardField, type CardFormValues } from './cardValidation';
import { countryFromLocale, loadCountries, loadMyCountry, useCities, useCountries, useStates } from './places';

/** The order fields appear in, to focus the first one with a problem. */
export const FIELD_ORDER: CardField[] = ['firstName', 'lastName', 'email', 'address', 'country', 'state', 'city', 'pincode', 'cardNumber', 'month', 'year', 'cvv'];

export interface CardFormOptions {
  /** The account's email: prefilled where the form asks it, sent where it does not. */
  defaultEmail?: string;
  /** The account's name: prefilled as the name on the card. */
  defaultName?: string;
  /** The billing fields this site's card provider needs (public settings card_form_fields); the card fields always. */
  fields?: readonly BillingField[];
}

/** Form state, lookups and validation; lives where the form's values must survive (the dialog keeps billing details between openings). */
export function useAddCardForm({ defaultEmail = '', defaultName = '', fields = FULL_BILLING }: CardFormOptions = {}) {
  const [values, setValues] = useState<CardFormValues>(() => ({ ...emptyCardForm(defaultEmail, ''), ...nameParts(defaultName) }));
  const asked = useMemo(() => new Set<CardField>([...fields, 'cardNumber', 'month', 'year', 'cvv']), [fields]);
  const [errors, setErrors] = useState<CardErrors>({});
  const [alert, setAlert] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);

  const countries = useCountries();
  const states = useStates(values.country);
  const cities = useCities(values.country, values.state, values.city);
  const allCities = useCities(values.country, values.state, '');

  // The country is prefilled from the caller's IP (the browser's language when the IP says nothing).
  useEffect(() => {
    let alive = true;
    Promise.all([loadMyCountry().catch(() => null), loadCountries()])
      .then(([fromIp, list]) => {
        const guess = [fromIp, countryFromLocale()].find((c) => c && list.some((x) => x.code === c));
        if (alive && guess) setValues((v) => (v.country ? v : { ...v, country: guess }));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  const facts = useMemo<PlaceFacts>(
    () => ({
      countryKnown: !countries.data || countries.data.some((c) => c.code === values.country),
      stateCodes: states.data?.map((s) => s.code) ?? [],
      citiesExist: (allCities.data?.total ?? 0) > 0,
    }),
    [countries.data, states.data, allCities.data, values.country],
  );

  const validate = useCallback(
    (v: CardFormValues) => {
      const result = validateCardForm(v, facts, undefined, fields);
      setErrors(result.errors);
      setAlert(result.alert);
      return result;
    },
    [facts, fields],
  );

  // Once the fan has tried to submit, problems update as they type (and when a lookup answers).
  useEffect(() => {
    if (submitted) validate(values);
  }, [submitted, values, validate]);

  const set = useCallback((field: CardField, value: string) => {
    setValues((v) => {
      // The number shows in groups of 4 as it is typed or pasted (spaces and dashes are fine: the rule drops them).
      const next = { ...v, [field]: field === 'cardNumber' ? formatCardNumber(value) : value };
      if (field === 'country' && value !== v.country) {
        next.state = '';
        next.city = '';
      }
      if (field === 'state' && value !== v.state) next.city = '';
      return next;
    });
  }, []);

  /** Card details are never kept: clears them (and the problems) for a fresh attempt; billing stays. */
  const resetCard = useCallback((email?: string) => {
    setValues((v) => ({ ...v, email: v.email || email || '', cardNumber: '', cvv: '', month: '', year: '' }));
    setErrors({});
    setAlert(undefined);
    setSubmitted(false);
  }, []);

  /** Validates; answers the trimmed form to send, or null (and focuses the first problem). */
  const submit = useCallback((): CardForm | null => {
    setSubmitted(true);
    const result = validate(values);
    if (!result.valid) {
      const firstBad = FIELD_ORDER.find((f) => asked.has(f) && result.errors[f]) ?? (result.alert ? 'cardNumber' : undefined);
      if (firstBad) document.getElementById(`card-${firstBad}`)?.focus();
      return null;
    }
    const v = trimCardForm(values);
    const form: CardForm = {
      email: v.email || defaultEmail,
      address: v.address,
      country: v.country,
      pincode: v.pincode,
      firstName: v.firstName,
      lastName: v.lastName,
      cardNumber: normaliseCardNumber(v.cardNumber),
      cvv: v.cvv,
      month: v.month,
      year: v.year,
    };
    if (v.state) form.state = v.state;
    if (v.city) form.city = v.city;
    return form;
  }, [validate, values, asked, defaultEmail]);

  return { values, errors, alert, set, submit, resetCard, countries, states, cities, asked, cardType: detectCardType(values.cardNumber.trim()) };
}

export type AddCardFormState = ReturnType<typeof useAddCardForm>;
