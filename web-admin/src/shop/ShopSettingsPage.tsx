// /admin/settings/shop (GET and POST /api/settings/shop): the shop open or closed, who sees it in the menu, how
// prices are shown, and how often and how long a bought digital item can be downloaded.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, FormGroup, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { Loading, Title, useNotify } from 'react-admin';
import { api } from '../api';

interface ShopSettings {
  enabled: boolean; menu_visible_to: ('guest' | 'user' | 'staff')[]; currency_display: 'symbol' | 'code'; taxes_apply: boolean;
  download_limit: number; download_days: number; download_link_minutes: number;
}
type DownloadField = 'download_limit' | 'download_days' | 'download_link_minutes';
const DOWNLOAD_FIELDS: { field: DownloadField; label: string; hint: string }[] = [
  { field: 'download_limit', label: 'Downloads per item', hint: '1 to 100 downloads of each bought item' },
  { field: 'download_days', label: 'Days to download', hint: '1 to 3650 days after delivery' },
  { field: 'download_link_minutes', label: 'Link lasts (minutes)', hint: 'Each download link: 1 to 60 minutes' },
];
const AUDIENCES = [{ id: 'guest', name: 'Visitors not signed in' }, { id: 'user', name: 'Fans' }, { id: 'staff', name: 'Staff' }] as const;

export function ShopSettingsPage() {
  const notify = useNotify();
  const [s, setS] = useState<ShopSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<Record<string, string>>({});
  useEffect(() => {
    api<ShopSettings>('/api/settings/shop').then((r) => setS(r.data)).catch((e: Error) => setError(e.message));
  }, []);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!s) return <Loading />;
  const save = async () => {
    setFieldError({});
    try {
      const r = await api<ShopSettings>('/api/settings/shop', { method: 'POST', body: s });
      setS(r.data);
      notify('Shop settings saved.', { type: 'success' });
    } catch (e) {
      const err = e as Error & { field?: string };
      if (err.field) setFieldError({ [err.field]: err.message });
      notify(err.message, { type: 'error' });
    }
  };
  const toggle = (a: ShopSettings['menu_visible_to'][number]) =>
    setS({ ...s, menu_visible_to: s.menu_visible_to.includes(a) ? s.menu_visible_to.filter((x) => x !== a) : [...s.menu_visible_to, a] });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }} data-testid="shop-settings">
      <Title title="Shop" />
      <Card variant="outlined"><CardContent sx={{ display: 'grid', gap: 2 }}>
        <FormControlLabel control={<Switch checked={s.enabled} onChange={(e) => setS({ ...s, enabled: e.target.checked })} inputProps={{ 'aria-label': 'Shop open' }} data-testid="shop-enabled" />} label="Shop open" />
        <div>
          <Typography variant="subtitle2">Show “Shop” in the menu to</Typography>
          <FormGroup row>
            {AUDIENCES.map((a) => <FormControlLabel key={a.id} control={<Checkbox checked={s.menu_visible_to.includes(a.id)} onChange={() => toggle(a.id)} />} label={a.name} />)}
          </FormGroup>
        </div>
        <TextField select size="small" label="Prices shown as" value={s.currency_display} onChange={(e) => setS({ ...s, currency_display: e.target.value as ShopSettings['currency_display'] })} sx={{ maxWidth: 240 }}>
          <MenuItem value="symbol">$12.00</MenuItem>
          <MenuItem value="code">12.00 USD</MenuItem>
        </TextField>
        <Typography variant="body2" color="text.secondary">Prices are what the fan pays; taxes are not added.</Typography>
        <div>
          <Typography variant="subtitle2">Digital items</Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, mt: 1 }}>
            {DOWNLOAD_FIELDS.map(({ field, label, hint }) => (
              <TextField key={field} size="small" type="number" label={label} value={Number.isNaN(s[field]) ? '' : s[field]}
                onChange={(e) => {
                  setS({ ...s, [field]: e.target.value === '' ? Number.NaN : Number(e.target.value) });
                  setFieldError(({ [field]: _fixed, ...rest }) => rest);
                }}
                error={!!fieldError[field]} helperText={fieldError[field] ?? hint} inputProps={{ 'data-testid': `shop-${field}`, min: 1 }} />
            ))}
          </Box>
        </div>
        <Box><Button variant="contained" onClick={() => void save()} data-testid="shop-settings-save">Save</Button></Box>
      </CardContent></Card>
    </Box>
  );
}
