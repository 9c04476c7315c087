// /admin/membership-tiers: the tiers (rank, monthly price, benefits, members now; a click opens one) and the
// bundles: 3, 6 and 12 months paid up front, each on or off with its percent off (1–90), and what each tier then
// costs. Bundles are saved through PUT /admin-api/subscription-bundles/site; a 400 names the field it is about.
import { Box, Card, CardContent, Chip, FormControlLabel, Switch, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  CreateButton, Datagrid, EditBase, Form, FunctionField, List, NumberField, NumberInput, SaveButton, SimpleList, TextField, TopToolbar, maxValue, minValue,
  useGetList, useNotify,
} from 'react-admin';
import { BUNDLE_MONTHS, bundlePriceCents, monthlyEquivalentCents } from '../../../domain/membership-plan/plan';
import type { AdminTierRecord } from '../../../domain/membership-plan/wire';
import { Responsive } from '../components/ResponsiveList';
import { money } from '../format';
import { TierEarnings } from './TierEarnings';

const members = (n: number) => (n === 1 ? '1 member' : `${n} members`);

function TierList() {
  return (
    <List
      resource="membership-tiers"
      title="Tiers and bundles"
      disableSyncWithLocation
      pagination={false}
      exporter={false}
      sort={{ field: 'rank', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton resource="membership-tiers" label="New tier" data-testid="tier-create" />
        </TopToolbar>
      }
      empty={false}
    >
      <Responsive
        small={
          <SimpleList<AdminTierRecord>
            primaryText={r => r.name}
            secondaryText={r => `${money(r.price_cents)} a month · ${members(r.subscribers)}`}
            tertiaryText={r => `Rank ${r.rank}`}
            linkType="edit"
          />
        }
        large={
          <Datagrid bulkActionButtons={false} rowClick="edit" data-testid="tiers-table">
            <NumberField source="rank" label="Rank" sortable={false} />
            <FunctionField<AdminTierRecord>
              label="Name"
              render={r => (
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <span>{r.name}</span>
                  {r.is_base && <Chip size="small" label="Base" />}
                </Box>
              )}
            />
            <FunctionField<AdminTierRecord> label="Monthly price" render={r => (r.is_base ? `${money(r.price_cents)} (site price)` : money(r.price_cents))} />
            <FunctionField<AdminTierRecord> label="Benefits" render={r => (r.benefits.length ? r.benefits.join(' · ') : '—')} />
            <TextField source="subscribers" label="Members" sortable={false} />
          </Datagrid>
        }
      />
    </List>
  );
}

function BundleRow({ months, tiers }: { months: number; tiers: AdminTierRecord[] }) {
  const source = `discount_${months}`;
  const value = Number(useWatch({ name: source }) ?? 0);
  const { setValue } = useFormContext();
  const on = value > 0;
  return (
    <Box sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid={`bundle-${months}`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 3 }}>
        <FormControlLabel
          sx={{ minWidth: 150 }}
          control={
            <Switch
              checked={on}
              onChange={e => setValue(source, e.target.checked ? 10 : 0, { shouldDirty: true })}
              slotProps={{ input: { 'aria-label': `${months} months bundle`, ...({ 'data-testid': `bundle-${months}-on` } as object) } }}
            />
          }
          label={`${months} months`}
        />
        {on ? (
          <NumberInput source={source} label="Percent off" min={1} max={90} step={1} validate={[minValue(0), maxValue(90, 'A discount is at most 90 %.')]} sx={{ width: 160 }} helperText={false} slotProps={{ htmlInput: { 'data-testid': `bundle-${months}-percent` } }} />
        ) : (
          <Typography variant="body2" color="text.secondary">Not offered</Typography>
        )}
      </Box>
      {on && (
        <Box component="ul" sx={{ m: 0, pl: 3, color: 'text.secondary' }}>
          {tiers.map(t => {
            const price = bundlePriceCents(t.price_cents, months, Math.min(90, value));
            return (
              <Typography component="li" variant="body2" key={t.id} data-testid={`bundle-${months}-price-${t.id}`}>
                {t.name}: {money(price)} for {months} months ({money(monthlyEquivalentCents(price, months))} a month instead of {money(t.price_cents)})
              </Typography>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

function Bundles() {
  const notify = useNotify();
  const { data: tiers = [] } = useGetList<AdminTierRecord>('membership-tiers', { pagination: { page: 1, perPage: 100 }, sort: { field: 'rank', order: 'ASC' } });
  return (
    <Card sx={{ mt: 2 }} data-testid="bundles">
      <CardContent>
        <Typography variant="h6" component="h2">
          Bundles
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Several months paid up front at a discount, on every tier, renewed at the same length and price. A bundle does not combine with a promotion, coupon or subscription link.
        </Typography>
        <EditBase resource="subscription-bundles" id="site" mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: () => notify('update settings successfully.', { type: 'success' }) }}>
          <Form>
            {BUNDLE_MONTHS.map(m => (
              <BundleRow key={m} months={m} tiers={tiers} />
            ))}
            <Box sx={{ mt: 2 }}>
              <SaveButton label="Save bundles" data-testid="bundles-save" />
            </Box>
          </Form>
        </EditBase>
      </CardContent>
    </Card>
  );
}

export function TiersPage() {
  return (
    <Box sx={{ pb: 4 }}>
      <TierList />
      <Bundles />
      <TierEarnings />
    </Box>
  );
}
