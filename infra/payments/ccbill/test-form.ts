// The console's test FlexForm: a signed FlexForms URL for a price an admin types, to check the CCBill account
// (FlexForm, Dynamic Pricing, salt) before going live. What was signed is shown; the salt never is.
import { checkoutPrice } from './checkout';
import { formDigest } from './digest';
import { defaultEndpoints } from './settings';
import type { CcbillTestFlexForm } from '../../../domain/payment-providers/provider-console';

export interface TestFormAccount {
  clientAccnum: string;
  clientSubacc: string;
  flexId: string;
  salt: string;
  liveMode: boolean;
}

export interface TestFormPrice {
  amountCents: number;
  initialPeriodDays: number;
  recurring: { amountCents: number; periodDays: number; rebills: number } | null;
  email?: string;
}

export function ccbillTestFlexForm(account: TestFormAccount, price: TestFormPrice, flexFormsBase?: string): CcbillTestFlexForm {
  const signed = checkoutPrice({ amountCents: price.amountCents, currency: 'USD', initialPeriodDays: price.initialPeriodDays, recurring: price.recurring });
  const digest = formDigest(signed, account.salt);
  const inputs = [
    { name: 'initialPrice', value: signed.initialPrice },
    { name: 'initialPeriod', value: signed.initialPeriod },
    ...(signed.recurring
      ? [
          { name: 'recurringPrice', value: signed.recurring.recurringPrice },
          { name: 'recurringPeriod', value: signed.recurring.recurringPeriod },
          { name: 'numRebills', value: signed.recurring.numRebills },
        ]
      : []),
    { name: 'currencyCode', value: signed.currencyCode },
  ];
  const query = new URLSearchParams({ clientAccnum: account.clientAccnum, clientSubacc: account.clientSubacc });
  for (const i of inputs) query.set(i.name, i.value);
  query.set('formDigest', digest);
  if (price.email) query.set('email', price.email);
  const base = (flexFormsBase ?? defaultEndpoints(account.liveMode).flexForms).replace(/\/+$/, '');
  return {
    url: `${base}/${encodeURIComponent(account.flexId)}?${query.toString()}`,
    form_digest: digest,
    digest_inputs: inputs,
    formula: `md5(${inputs.map((i) => i.name).join(' + ')} + salt)`,
    client_accnum: account.clientAccnum,
    client_subacc: account.clientSubacc,
    flex_id: account.flexId,
    live_mode: account.liveMode,
  };
}
