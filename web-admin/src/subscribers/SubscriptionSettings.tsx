// /admin/subscription-settings: membership prices, returning-member prices, the cancellation dialog
// (reasons on/off, the reason list, its title) and the subscription migration popup.
// Saved through PUT /admin-api/subscription-settings/site with the spec's 'update settings successfully.'.
import type { ReactNode } from 'react';
import { Box, Divider, Typography } from '@mui/material';
import { BooleanInput, Edit, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, maxLength, minValue, required, useNotify, type Validator } from 'react-admin';
import { DEFAULT_SETTINGS } from '../../../domain/settings/settings';
import { money } from '../format';
import { PriceInput } from '../components/PriceInput';
import { isExternalRegisterPage, NEW_REGISTER_PAGE_INVALID } from '../../../domain/settings/register-page';

const lines = (v: unknown) => (Array.isArray(v) ? v.join('\n') : '');
const toList = (v: unknown) =>
  String(v ?? '')
    .split('\n')
    .map(s => s.trim())
    .filter(Boolean);
/** The new-register-page flow's page: empty, or an https address (the server checks the same rule). */
const registerPage: Validator = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && !isExternalRegisterPage(v.trim()) ? NEW_REGISTER_PAGE_INVALID : undefined);
const atLeastOneDollar: Validator = (v: unknown) => (typeof v === 'number' && v < 100 ? 'At least $1.00' : undefined);

function Section({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Box sx={{ width: '100%', mb: 1 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {help}
      </Typography>
      <Box sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>{children}</Box>
      <Divider sx={{ my: 2 }} />
    </Box>
  );
}

export function SubscriptionSettings() {
  const notify = useNotify();
  const d = DEFAULT_SETTINGS;
  return (
    <Edit
      resource="subscription-settings"
      id="site"
      disableAuthentication
      title="Subscription settings"
      redirect={false}
      mutationMode="pessimistic"
      actions={false}
      mutationOptions={{ onSuccess: () => notify('update settings successfully.', { type: 'success' }) }}
    >
      <SimpleForm toolbar={<Toolbar><SaveButton /></Toolbar>} sx={{ maxWidth: 900 }}>
        <Section title="Prices" help="What a new member pays, and what members who subscribed before pay when they come back (0 = the regular price).">
          <PriceInput empty={0} source="membership_price_cents" label="First month ($)" validate={[required(), atLeastOneDollar]} helperText={`Default ${money(d.membership_price_cents)}.`} />
          <PriceInput empty={0} source="recurring_membership_price_cents" label="Every month after ($)" validate={[required(), atLeastOneDollar]} helperText={`Default ${money(d.recurring_membership_price_cents)}.`} />
          <PriceInput empty={0} source="returning_membership_price_cents" label="Returning member: first month ($)" validate={minValue(0)} helperText="0 = the regular price." />
          <PriceInput empty={0} source="returning_recurring_membership_price_cents" label="Returning member: every month ($)" validate={minValue(0)} helperText="0 = the regular price. Also the migration price." />
        </Section>
        <Section title="Cancellation" help="The dialog a fan sees when cancelling: a list of reasons plus Other with a text box, or a plain confirm.">
          <BooleanInput source="is_cancel_subscription_reason_enabled" label="Ask for a reason" helperText="Off: 'Are you sure you want to cancel your subscription?' only." />
          <TextInput source="reason_for_cancellation_popup_title" label="Dialog title" validate={[required(), maxLength(120)]} helperText={`Default: ${d.reason_for_cancellation_popup_title}`} />
          <TextInput
            source="cancel_subscription_reasons"
            label="Reasons (one per line)"
            multiline
            minRows={4}
            format={lines}
            parse={toList}
            helperText="'Other' is always offered last, with a text box."
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
        </Section>
        <Section title="Billing and migration" help="Members billed on the old billing API see a popup asking them to confirm a card; they are charged the returning monthly price and continue on the new API.">
          <SelectInput source="payment_api_version" label="Billing API" choices={[{ id: 'v1', name: 'v1' }, { id: 'v2', name: 'v2' }]} validate={required()} helperText="New memberships are billed on this API." />
          <BooleanInput source="enable_subscription_migration" label="Show the migration popup" helperText="To members on v1 while the site bills on v2." />
          <BooleanInput source="is_sticky_io_enabled" label="Charge cards through Sticky.io" helperText="Once its settings are saved (Settings → Sticky.io). Cards saved before stay with their provider." />
          <BooleanInput source="enable_ccbill_rest_api" label="Charge cards through CCBill's REST API" helperText="Once the CCBill account and REST API settings are saved; Sticky.io comes first when both are on." />
          <BooleanInput source="card_form_billing_address" label="Ask for the billing address on card forms" helperText="Off: fans give only what the card provider needs (name and card; CCBill also the postal code). Sticky.io always asks for the address." />
          <TextInput
            source="new_register_page_url"
            label="After registration, send new fans to"
            helperText="An https:// page of yours (the new-register-page flow). Empty: the subscribe page when a card provider is on, else the membership page."
            validate={[maxLength(500), registerPage]}
            parse={(v: string) => v ?? ''}
          />
          <TextInput source="subscription_migration_title" label="Popup title" validate={[required(), maxLength(120)]} />
          <TextInput source="subscription_migration_description" label="Popup text and conditions" multiline minRows={3} validate={maxLength(2000)} sx={{ gridColumn: { md: '1 / -1' } }} />
        </Section>
      </SimpleForm>
    </Edit>
  );
}
