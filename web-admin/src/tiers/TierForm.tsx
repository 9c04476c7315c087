// A tier's create and edit forms (POST / PUT /admin-api/membership-tiers[/:id]). The server checks every field
// and a 400 names it: its message shows under that input. The base tier's price is the site's membership price
// and its rank is 0, so only its name, description and benefits are edited here. Removing a tier stops offering
// it; its members keep it, at their price, until they leave.
import { Alert, Box, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import {
  Create, DeleteWithConfirmButton, Edit, NumberInput, SaveButton, SimpleForm, TextInput, Toolbar, maxLength, maxValue, minValue, required,
  useNotify, useRecordContext, useRedirect, type Validator,
} from 'react-admin';
import type { AdminTierRecord } from '../../../domain/membership-plan/wire';
import { money } from '../format';
import { PriceInput } from '../components/PriceInput';

const lines = (v: unknown) => (Array.isArray(v) ? v.join('\n') : '');
const toList = (v: unknown) =>
  String(v ?? '')
    .split('\n')
    .map(s => s.trim())
    .filter(Boolean);
const priceRange: Validator = (v: unknown) => (typeof v === 'number' && (v < 100 || v > 100_000) ? 'The monthly price must be between $1.00 and $1,000.00.' : undefined);

function TierFields({ base }: { base: boolean }) {
  const record = useRecordContext<AdminTierRecord>();
  return (
    <Box sx={{ display: 'grid', gap: 0.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
      <TextInput source="name" label="Name" validate={[required(), maxLength(40)]} slotProps={{ htmlInput: { 'data-testid': 'tier-name' } }} />
      {base ? (
        <Alert severity="info" sx={{ alignSelf: 'start' }}>
          The base tier costs the site's membership price{record ? ` (${money(record.price_cents)} a month)` : ''}, set under Settings → Membership price.
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <PriceInput source="price_cents" label="Monthly price ($)" validate={[required(), priceRange]} helperText="New subscribers pay this; members keep their price." slotProps={{ htmlInput: { 'data-testid': 'tier-price' } }} />
          <NumberInput source="rank" label="Rank" validate={[required(), minValue(1), maxValue(99)]} helperText="1–99: higher is more." slotProps={{ htmlInput: { 'data-testid': 'tier-rank' } }} />
        </Box>
      )}
      <TextInput source="description" label="Description" multiline minRows={2} validate={maxLength(2000)} sx={{ gridColumn: { md: '1 / -1' } }} slotProps={{ htmlInput: { 'data-testid': 'tier-description' } }} />
      <TextInput
        source="benefits"
        label="Benefits (one per line)"
        multiline
        minRows={3}
        format={lines}
        parse={toList}
        helperText="Up to 20, each up to 120 characters: what members of this tier get."
        sx={{ gridColumn: { md: '1 / -1' } }}
        slotProps={{ htmlInput: { 'data-testid': 'tier-benefits' } }}
      />
    </Box>
  );
}

function EditToolbar() {
  const record = useRecordContext<AdminTierRecord>();
  const members = record?.subscribers ?? 0;
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      {record && !record.is_base && (
        <DeleteWithConfirmButton
          label="Remove"
          confirmTitle={`Remove ${record.name}?`}
          confirmContent={
            members > 0
              ? `New fans can no longer choose it. Its ${members} ${members === 1 ? 'member keeps' : 'members keep'} it, at their price, until they leave.`
              : 'New fans can no longer choose it.'
          }
          mutationMode="pessimistic"
          redirect="list"
        />
      )}
    </Toolbar>
  );
}

function EditTitle() {
  const record = useRecordContext<AdminTierRecord>();
  return <>{record ? `Tier: ${record.name}` : 'Tier'}</>;
}

export function TierEdit() {
  const { id = '' } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  const base = id === 'base';
  return (
    <Edit
      resource="membership-tiers"
      id={id}
      title={<EditTitle />}
      mutationMode="pessimistic"
      redirect="list"
      actions={false}
      mutationOptions={{
        onSuccess: () => {
          notify('Tier saved.', { type: 'success' });
          redirect('list', 'membership-tiers');
        },
      }}
    >
      <SimpleForm toolbar={<EditToolbar />} sx={{ maxWidth: 900 }}>
        <MembersNote />
        <TierFields base={base} />
      </SimpleForm>
    </Edit>
  );
}

function MembersNote() {
  const record = useRecordContext<AdminTierRecord>();
  if (!record) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="tier-members">
      {record.subscribers === 1 ? '1 member now.' : `${record.subscribers} members now.`} A new price applies to new subscribers only.
    </Typography>
  );
}

export function TierCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = () => {
    notify('Tier saved.', { type: 'success' });
    redirect('list', 'membership-tiers');
  };
  return (
    <Create resource="membership-tiers" title="New tier" redirect="list" mutationOptions={{ onSuccess }}>
      <SimpleForm sx={{ maxWidth: 900 }} defaultValues={{ name: '', description: '', benefits: [] }} toolbar={<Toolbar><SaveButton label="Create tier" /></Toolbar>}>
        <TierFields base={false} />
      </SimpleForm>
    </Create>
  );
}
