// /admin/ccbill-test-flex-form: an admin types a price (and, for a recurring price, its period and rebills) and gets
// the signed FlexForms URL (POST /admin-api/ccbill/test-flex-form), what was signed and how — never the salt — and
// opens it in a new tab, to check the CCBill account before going live. Nothing is recorded; the form names no
// payment of ours, so a sale made through it buys nothing here.
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, FormControlLabel, Stack, Switch, Table, TableBody, TableCell, TableRow, TextField, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Link as RouterLink } from 'react-router-dom';
import type { CcbillTestFlexForm } from '../../../domain/payment-providers/provider-console';
import { api, ApiRequestError } from '../api';
import { Panel, ToolPage, useAdminPath } from '../tools/parts';

type Field = 'price' | 'initial_period_days' | 'recurring_price' | 'recurring_period_days' | 'rebills' | 'email';

export default function CcbillTestFlexFormPage() {
  const path = useAdminPath();
  const [values, setValues] = useState<Record<Field, string>>({ price: '', initial_period_days: '30', recurring_price: '', recurring_period_days: '30', rebills: '99', email: '' });
  const [recurring, setRecurring] = useState(false);
  const [form, setForm] = useState<CcbillTestFlexForm | null>(null);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (f: Field) => (e: { target: { value: string } }) => setValues(v => ({ ...v, [f]: e.target.value }));
  const fieldError = (f: Field) => (error?.field === f ? error.message : '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = {
        price: values.price.trim(), initial_period_days: values.initial_period_days.trim() || undefined, email: values.email.trim() || undefined,
        ...(recurring ? { recurring_price: values.recurring_price.trim(), recurring_period_days: values.recurring_period_days.trim() || undefined, rebills: values.rebills.trim() || undefined } : {}),
      };
      setForm((await api<CcbillTestFlexForm>('/admin-api/ccbill/test-flex-form', { body })).data);
    } catch (err) {
      setForm(null);
      setError({ message: (err as Error).message, field: err instanceof ApiRequestError ? err.field : undefined });
    } finally {
      setBusy(false);
    }
  };
  const input = (f: Field, label: string, help: string, extra: { type?: string; width?: number } = {}) => (
    <TextField label={label} value={values[f]} onChange={set(f)} type={extra.type} error={!!fieldError(f)} helperText={fieldError(f) || help} sx={{ flex: 1, minWidth: extra.width ?? 160 }} slotProps={{ htmlInput: { 'data-testid': `flex-${f}` } }} />
  );

  return (
    <ToolPage title="CCBill test FlexForm" intro="Sign a FlexForm URL for any price and open it, to check the CCBill account (FlexForm, Dynamic Pricing, salt) before going live. Test cards only while live mode is off." testId="ccbill-test-flex-form-page"
      actions={<Button component={RouterLink} to={path('/settings/ccbill-settings')}>CCBill settings</Button>}>
      <Panel>
        <Box component="form" onSubmit={submit} noValidate>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1 }}>
            {input('price', 'Price (USD)', 'e.g. 9.99')}
            {input('initial_period_days', 'First period (days)', '2 to 365')}
            {input('email', 'Email (optional)', 'Pre-fills the form', { type: 'email', width: 220 })}
          </Stack>
          <FormControlLabel control={<Switch checked={recurring} onChange={(_, v) => setRecurring(v)} slotProps={{ input: { 'data-testid': 'flex-recurring' } as object }} />} label="Recurring price" />
          {recurring ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1 }}>
              {input('recurring_price', 'Recurring price (USD)', 'Charged each period after the first')}
              {input('recurring_period_days', 'Recurring period (days)', '2 to 365')}
              {input('rebills', 'Rebills', '1 to 99 (99: until cancelled)')}
            </Stack>
          ) : null}
          {error && !error.field ? <Alert severity="error" sx={{ mt: 2 }} data-testid="flex-error">{error.message}</Alert> : null}
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }} data-testid="flex-submit">Sign the form</Button>
        </Box>
      </Panel>
      {form ? (
        <Box sx={{ mt: 2 }}>
          <Panel title="Signed FlexForm" testId="flex-result" action={<Button variant="contained" endIcon={<OpenInNewIcon />} href={form.url} target="_blank" rel="noopener noreferrer" data-testid="flex-open">Open in a new tab</Button>}>
            <Typography variant="caption" color="text.secondary">URL</Typography>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', mb: 2, p: 1, bgcolor: 'action.hover', borderRadius: 1 }} data-testid="flex-url">{form.url}</Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" sx={{ mb: 0.5 }}>What was signed, in order</Typography>
                <Table size="small">
                  <TableBody>
                    {form.digest_inputs.map(i => <TableRow key={i.name}><TableCell>{i.name}</TableCell><TableCell sx={{ fontFamily: 'monospace' }}>{i.value}</TableCell></TableRow>)}
                    <TableRow><TableCell>salt</TableCell><TableCell><Typography variant="body2" color="text.secondary">saved, never shown</Typography></TableCell></TableRow>
                  </TableBody>
                </Table>
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" sx={{ mb: 0.5 }}>formDigest</Typography>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="flex-digest">{form.form_digest}</Typography>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }} data-testid="flex-formula">{form.formula}</Typography>
                <Typography variant="body2" sx={{ mt: 1.5 }}>Account {form.client_accnum}, subaccount {form.client_subacc}, FlexForm {form.flex_id} · {form.live_mode ? 'live mode: real cards are charged' : 'sandbox'}</Typography>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>If CCBill shows its error page instead of the form, the salt, the FlexForm ID or Dynamic Pricing on the subaccount is not right.</Typography>
              </Box>
            </Box>
          </Panel>
        </Box>
      ) : null}
    </ToolPage>
  );
}
