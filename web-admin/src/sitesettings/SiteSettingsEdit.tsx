import { useMemo, useState, type ReactNode } from 'react';
import { Box, Card, Divider, InputAdornment, Tab, Tabs, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import {
  BooleanInput,
  Edit,
  Form,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  required,
  SaveButton,
  TextInput,
  Toolbar,
  useNotify,
  type Validator,
} from 'react-admin';
import { DEFAULT_SETTINGS as SITE_DEFAULTS, type SiteSettings } from '../../../domain/settings/settings';
import { ColorInput, isHexColor } from '../components/ColorInput';
import { money } from '../format';
import { useSettings } from '../settings';
import { landingFieldDefs, type LandingTab } from './landingFields';
import { watermarkFieldDefs, type WatermarkTab } from './watermarkFields';
import { walletFieldDefs, type WalletTab } from '../wallet/walletFields';
import { chatFieldDefs, type ChatSettingKey, type ChatTab } from './chatFields';

export const SETTINGS_SAVED = 'update settings successfully.';
export const SETTINGS_FAILED = 'Error in update settings.';

type TabId = 'general' | 'content' | 'access' | 'prices' | LandingTab | WatermarkTab | WalletTab | ChatTab;
const TABS: { id: TabId; label: string }[] = [
  { id: 'general', label: 'General' },
  { id: 'content', label: 'Content' },
  { id: 'access', label: 'Access' },
  { id: 'prices', label: 'Prices' },
  { id: 'landing', label: 'Landing page' },
  { id: 'banner', label: 'Banner & social' },
  { id: 'watermark', label: 'Watermark' },
  { id: 'wallet', label: 'Wallet' },
  { id: 'chat', label: 'Chat' },
];

const integer: Validator = (value: unknown) =>
  value == null || value === '' || Number.isInteger(Number(value)) ? undefined : 'Enter a whole number';

const centsToDollars = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v / 100 : v == null ? '' : v);
const dollarsToCents = (v: unknown) => {
  if (v === '' || v == null) return null;
  const n = typeof v === 'number' ? v : parseFloat(String(v));
  return Number.isFinite(n) ? Math.round(n * 100) : null;
};

const priceValidate: Validator[] = [required(), minValue(0, 'The price cannot be negative')];

interface FieldDef {
  tab: TabId;
  source: keyof SiteSettings | ChatSettingKey;
  label: string;
  help: string;
  /** How the default reads in the help line. */
  shownDefault: string;
  input: ReactNode;
}

const yesNo = (v: boolean) => (v ? 'on' : 'off');

function fieldDefs(): FieldDef[] {
  const d = SITE_DEFAULTS;
  const out: FieldDef[] = [];
  const add = (def: Omit<FieldDef, 'input'>, input: (helperText: string) => ReactNode) => {
    out.push({ ...def, input: input(`${def.help} Default: ${def.shownDefault}.`) });
  };

  add({ tab: 'general', source: 'model_name', label: 'Model name', help: 'The creator name shown across the site and in mails.', shownDefault: d.model_name }, h => (
    <TextInput source="model_name" label="Model name" helperText={h} validate={[required(), maxLength(60)]} fullWidth />
  ));
  add({ tab: 'general', source: 'theme_color', label: 'Theme colour', help: 'Buttons, links and the top bar.', shownDefault: d.theme_color }, h => (
    <ColorInput source="theme_color" label="Theme colour" helperText={h} validate={[required(), isHexColor]} />
  ));
  add({ tab: 'general', source: 'footer_text_html', label: 'Footer', help: 'HTML shown at the bottom of every page; empty for none.', shownDefault: 'empty' }, h => (
    <TextInput source="footer_text_html" label="Footer (HTML)" helperText={h} multiline minRows={3} fullWidth parse={v => (v === '' ? null : v)} />
  ));

  add(
    { tab: 'content', source: 'enable_public_post', label: 'Public posts', help: 'Allow posts everyone can see without a membership.', shownDefault: yesNo(d.enable_public_post) },
    h => <BooleanInput source="enable_public_post" label="Public posts" helperText={h} />
  );
  add(
    {
      tab: 'content',
      source: 'is_pagination_on_exclusive_content_enabled',
      label: 'Paginate exclusive content',
      help: 'Load the exclusive-content feed page by page.',
      shownDefault: yesNo(d.is_pagination_on_exclusive_content_enabled),
    },
    h => <BooleanInput source="is_pagination_on_exclusive_content_enabled" label="Paginate exclusive content" helperText={h} />
  );

  add(
    { tab: 'access', source: 'maintenance_mode', label: 'Maintenance mode', help: 'Everyone but admins sees the maintenance page (login stays open).', shownDefault: yesNo(d.maintenance_mode) },
    h => <BooleanInput source="maintenance_mode" label="Maintenance mode" helperText={h} />
  );
  add({ tab: 'access', source: 'maintenance_html', label: 'Maintenance page', help: 'HTML of the maintenance page.', shownDefault: 'a short “We will be back soon” page' }, h => (
    <TextInput source="maintenance_html" label="Maintenance page (HTML)" helperText={h} multiline minRows={4} fullWidth validate={required()} />
  ));
  add({ tab: 'access', source: 'show_age_modal', label: 'Age gate', help: 'Ask guests to confirm their age before entering.', shownDefault: yesNo(d.show_age_modal) }, h => (
    <BooleanInput source="show_age_modal" label="Age gate" helperText={h} />
  ));
  add({ tab: 'access', source: 'age_gate_age', label: 'Minimum age', help: 'The age the gate asks guests to confirm.', shownDefault: String(d.age_gate_age) }, h => (
    <NumberInput source="age_gate_age" label="Minimum age" helperText={h} min={18} max={21} step={1} validate={[required(), integer, minValue(18), maxValue(21)]} sx={{ width: { xs: '100%', sm: 360 } }} />
  ));

  add({ tab: 'access', source: 'blocked_countries', label: 'Blocked countries', help: 'Two-letter country codes, comma-separated (e.g. US, DE). Visitors from them see a "not available in your region" page; staff keep access.', shownDefault: 'none' }, h => (
    <TextInput
      source="blocked_countries"
      label="Blocked countries"
      helperText={h}
      format={(v: unknown) => (Array.isArray(v) ? v.join(', ') : '')}
      parse={(v: string) => v.split(/[\s,]+/).map((c) => c.trim().toUpperCase()).filter(Boolean)}
      validate={(v: unknown) => (Array.isArray(v) && v.some((c) => !/^[A-Z]{2}$/.test(String(c))) ? 'Use two-letter country codes, e.g. US, DE.' : undefined)}
      sx={{ width: { xs: '100%', sm: 360 } }}
    />
  ));

  const price = (source: 'membership_price_cents' | 'recurring_membership_price_cents', label: string, help: string) =>
    add({ tab: 'prices', source, label, help, shownDefault: money(d[source]) }, h => (
      <NumberInput
        source={source}
        label={label}
        helperText={h}
        format={centsToDollars}
        parse={dollarsToCents}
        step={0.01}
        min={0}
        validate={priceValidate}
        sx={{ width: { xs: '100%', sm: 360 } }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
      />
    ));
  price('membership_price_cents', 'Membership price', 'First payment of a membership, in dollars.');
  price('recurring_membership_price_cents', 'Recurring membership price', 'Each renewal, in dollars.');
  const amount = (source: 'content_unlock_minimum_amount' | 'content_unlock_maximum_amount', label: string, help: string) =>
    add({ tab: 'prices', source, label, help, shownDefault: `$${d[source]}` }, h => (
      <NumberInput
        source={source}
        label={label}
        helperText={h}
        step={1}
        min={1}
        validate={[required(), integer, minValue(1)]}
        sx={{ width: { xs: '100%', sm: 360 } }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
      />
    ));
  amount('content_unlock_minimum_amount', 'Unlock minimum', 'Lowest price of a locked post, whole dollars.');
  amount('content_unlock_maximum_amount', 'Unlock maximum', 'Highest price of a locked post, whole dollars.');
  landingFieldDefs(add);
  watermarkFieldDefs(add);
  walletFieldDefs(add);
  chatFieldDefs(add);
  return out;
}

/** Cross-field rules: the unlock range must not be inverted. */
function validateForm(values: Record<string, unknown>) {
  const errors: Record<string, string> = {};
  const min = Number(values.content_unlock_minimum_amount);
  const max = Number(values.content_unlock_maximum_amount);
  if (Number.isFinite(min) && Number.isFinite(max) && max < min) {
    errors.content_unlock_maximum_amount = 'The maximum must be at least the minimum';
  }
  return errors;
}

const matches = (def: FieldDef, query: string) => {
  const q = query.trim().toLowerCase();
  return !q || `${def.label} ${def.help} ${def.source}`.toLowerCase().includes(q);
};

function SettingsFields() {
  const defs = useMemo(fieldDefs, []);
  const [tab, setTab] = useState<TabId>('general');
  const [query, setQuery] = useState('');
  const searching = query.trim().length > 0;
  const visible = defs.filter(def => (searching ? matches(def, query) : def.tab === tab));
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ px: 2, pt: 2 }}>
        <TextField
          size="small"
          placeholder="Search settings"
          value={query}
          onChange={e => setQuery(e.target.value)}
          sx={{ width: { xs: '100%', sm: 320 } }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search settings', 'data-testid': 'settings-search' },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          }}
        />
      </Box>
      {searching ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2 }} data-testid="settings-search-count">
          {visible.length === 0 ? 'No settings match your search.' : `${visible.length} matching setting${visible.length === 1 ? '' : 's'}`}
        </Typography>
      ) : (
        <Tabs
          value={tab}
          onChange={(_, v: TabId) => setTab(v)}
          variant="scrollable"
          allowScrollButtonsMobile
          // contain: the tab row scrolls instead of widening the console's fit-content layout on phones.
          sx={{ px: 1, mt: 1, borderBottom: 1, borderColor: 'divider', contain: 'inline-size' }}
        >
          {TABS.map(t => (
            <Tab key={t.id} value={t.id} label={t.label} data-testid={`settings-tab-${t.id}`} />
          ))}
        </Tabs>
      )}
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', maxWidth: 720, minWidth: 0 }} data-testid={`settings-panel-${searching ? 'search' : tab}`}>
        {visible.map((def, i) => (
          <Box key={def.source}>
            {searching && (i === 0 || visible[i - 1].tab !== def.tab) ? (
              <>
                {i > 0 ? <Divider sx={{ my: 1 }} /> : null}
                <Typography variant="overline" color="text.secondary">
                  {TABS.find(t => t.id === def.tab)?.label}
                </Typography>
              </>
            ) : null}
            {def.input}
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Site settings: one tabbed form with search (GET/PUT /admin-api/settings/site). */
export function SiteSettingsEdit() {
  const notify = useNotify();
  const { refresh } = useSettings();
  return (
    <Edit
      resource="settings"
      id="site"
      title="Settings"
      redirect={false}
      mutationMode="pessimistic"
      actions={false}
      mutationOptions={{
        onSuccess: () => {
          notify(SETTINGS_SAVED, { type: 'success' });
          // The console's own theme and title follow the new settings.
          refresh().catch(() => undefined);
        },
        onError: error => notify((error as Error)?.message || SETTINGS_FAILED, { type: 'error' }),
      }}
      sx={{ '& .RaEdit-card': { minWidth: 0 } }}
    >
      <Form validate={validateForm} sanitizeEmptyValues={false}>
        <Card sx={{ boxShadow: 'none', minWidth: 0 }} data-testid="settings-form">
          <SettingsFields />
          <Toolbar>
            <SaveButton data-testid="settings-save" />
          </Toolbar>
        </Card>
      </Form>
    </Edit>
  );
}
