// Site settings: pay per message in private chat (is_pay_per_message_enabled,
// pay_per_message_amount). Saved through PUT /admin-api/settings/site like every other setting; the server
// validates them again (whole dollars, 1 to 100).
import type { ReactNode } from 'react';
import { BooleanInput, maxValue, minValue, NumberInput, required, type Validator } from 'react-admin';
import { InputAdornment } from '@mui/material';
import { DEFAULT_SETTINGS as D } from '../../../domain/settings/settings';

export type ChatTab = 'chat';

/** The two settings' names (also read as optional keys, for servers that predate them). */
export type ChatSettingKey = 'is_pay_per_message_enabled' | 'pay_per_message_amount';

type Add = (
  def: { tab: ChatTab; source: ChatSettingKey; label: string; help: string; shownDefault: string },
  input: (helperText: string) => ReactNode,
) => void;

export const PAY_PER_MESSAGE_MIN = 1;
export const PAY_PER_MESSAGE_MAX = 100;
const defaults = D as Partial<Record<ChatSettingKey, unknown>>;
const DEFAULT_ENABLED = typeof defaults.is_pay_per_message_enabled === 'boolean' ? defaults.is_pay_per_message_enabled : false;
const DEFAULT_AMOUNT = typeof defaults.pay_per_message_amount === 'number' ? defaults.pay_per_message_amount : 5;

const narrow = { width: { xs: '100%', sm: 360 } };
const integer: Validator = (value: unknown) => (value == null || value === '' || Number.isInteger(Number(value)) ? undefined : 'Enter a whole number');

export function chatFieldDefs(add: Add) {
  const tab = 'chat' as const;
  add(
    {
      tab,
      source: 'is_pay_per_message_enabled',
      label: 'Pay per message',
      help: 'Subscribers pay the amount below for each message they send in private chat, unless they hold a message credit (staff grant credits from the chat header).',
      shownDefault: DEFAULT_ENABLED ? 'on' : 'off',
    },
    h => <BooleanInput source="is_pay_per_message_enabled" label="Pay per message" helperText={h} defaultValue={DEFAULT_ENABLED} />
  );
  add(
    {
      tab,
      source: 'pay_per_message_amount',
      label: 'Price per message',
      help: `What a subscriber pays to send one message, whole dollars from ${PAY_PER_MESSAGE_MIN} to ${PAY_PER_MESSAGE_MAX}; paid from the wallet when it is their default method, otherwise by their primary card.`,
      shownDefault: `$${DEFAULT_AMOUNT}`,
    },
    h => (
      <NumberInput
        source="pay_per_message_amount"
        label="Price per message"
        helperText={h}
        defaultValue={DEFAULT_AMOUNT}
        min={PAY_PER_MESSAGE_MIN}
        max={PAY_PER_MESSAGE_MAX}
        step={1}
        validate={[required(), integer, minValue(PAY_PER_MESSAGE_MIN), maxValue(PAY_PER_MESSAGE_MAX)]}
        sx={narrow}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
      />
    )
  );
}
