// Site settings: the wallet (wallet_settings, is_crypto_payment_enabled). Validated again by the
// server (api/routes/wallet.ts WALLET_SETTINGS_SHAPE and the settings decider); rules in domain/pricing.
import type { ReactNode } from 'react';
import { BooleanInput, maxValue, minValue, NumberInput, regex, required, TextInput, type Validator } from 'react-admin';
import { DEFAULT_SETTINGS as D, type SiteSettings } from '../../../domain/settings/settings';
import { notBelow } from '../components/rangeValidators';

export type WalletTab = 'wallet';

type Add = (
  def: { tab: WalletTab; source: keyof SiteSettings; label: string; help: string; shownDefault: string },
  input: (helperText: string) => ReactNode,
) => void;

const narrow = { width: { xs: '100%', sm: 360 } };
const integer: Validator = (value: unknown) => (value == null || value === '' || Number.isInteger(Number(value)) ? undefined : 'Enter a whole number');

export function walletFieldDefs(add: Add) {
  const tab = 'wallet' as const;
  add(
    { tab, source: 'is_crypto_payment_enabled', label: 'Crypto payments', help: 'Fans add funds to their wallet with cryptocurrency and pay for content from it.', shownDefault: D.is_crypto_payment_enabled ? 'on' : 'off' },
    h => <BooleanInput source="is_crypto_payment_enabled" label="Crypto payments" helperText={h} />
  );
  add({ tab, source: 'add_fund_default_options', label: 'Add Funds presets', help: 'Amounts offered in the Add Funds form, in dollars, separated by commas (only those above what a purchase lacks are shown).', shownDefault: D.add_fund_default_options }, h => (
    <TextInput
      source="add_fund_default_options"
      label="Add Funds presets"
      helperText={h}
      validate={regex(/^(\s*\d{1,7}(\.\d{1,2})?\s*)(,\s*\d{1,7}(\.\d{1,2})?\s*)*$|^$/, 'Enter the preset amounts separated by commas, e.g. 10,25,50.')}
      sx={narrow}
    />
  ));
  add({ tab, source: 'add_fund_minimum_amount', label: 'Add Funds minimum', help: 'Smallest Other amount, whole dollars.', shownDefault: `$${D.add_fund_minimum_amount}` }, h => (
    <NumberInput source="add_fund_minimum_amount" label="Add Funds minimum ($)" helperText={h} min={1} step={1} validate={[required(), integer, minValue(1)]} sx={narrow} />
  ));
  add({ tab, source: 'add_fund_maximum_amount', label: 'Add Funds maximum', help: 'Largest Other amount, whole dollars.', shownDefault: `$${D.add_fund_maximum_amount}` }, h => (
    <NumberInput source="add_fund_maximum_amount" label="Add Funds maximum ($)" helperText={h} min={1} step={1} validate={[required(), integer, minValue(1), maxValue(100_000), notBelow('add_fund_minimum_amount')]} sx={narrow} />
  ));
}
