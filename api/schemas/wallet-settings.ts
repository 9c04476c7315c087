// The wallet's settings as the console edits them (Add Funds presets and bounds, crypto on or off).
import { z } from 'zod';

/** The console's settings form validates these (spread into PUT /admin-api/settings/site's schema). */
export const WALLET_SETTINGS_SHAPE = {
  add_fund_default_options: z
    .string()
    .trim()
    .max(200)
    .regex(/^(\s*\d{1,7}(\.\d{1,2})?\s*)(,\s*\d{1,7}(\.\d{1,2})?\s*)*$|^$/, { error: 'Enter the preset amounts separated by commas, e.g. 10,25,50.' }),
  add_fund_minimum_amount: z.number().int({ error: 'add_fund_minimum_amount must be a whole number of dollars.' }).min(1).max(100_000),
  add_fund_maximum_amount: z.number().int({ error: 'add_fund_maximum_amount must be a whole number of dollars.' }).min(1).max(100_000),
  is_crypto_payment_enabled: z.boolean(),
};
