// One payment provider's settings as a card: its fields drawn from the provider's field list (the same list the
// server checks with), secrets write-only (the server seals them and only says 'set'), Save, Remove, and "Test
// connection" showing what the provider answered.
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, FormControlLabel, FormHelperText, Stack, Switch, TextField } from '@mui/material';
import CableOutlinedIcon from '@mui/icons-material/CableOutlined';
import { useNotify } from 'react-admin';
import { PROVIDER_FIELDS, PROVIDER_TITLES, type PaymentProvider, type ProviderField } from '../../../domain/payment-providers/provider-settings';
import { api, ApiRequestError } from '../api';
import { SecretField } from '../components/SecretField';
import { ConfigCard, LoadingCard, useApiData } from '../site-config/parts';
import { providerPath } from './paths';

type View = { provider: PaymentProvider; configured: boolean; updated_at: string | null } & Record<string, string | boolean | null>;
type Values = Record<string, string | boolean>;

const initialValues = (provider: PaymentProvider, view: View): Values =>
  Object.fromEntries(PROVIDER_FIELDS[provider].map((f) => [f.name, f.kind === 'secret' ? '' : (view[f.name] ?? (f.kind === 'switch' ? false : ''))]));

/** The body of a save: secrets only when typed (omitted keeps the stored one). */
const bodyOf = (provider: PaymentProvider, values: Values, changing: ReadonlySet<string>) =>
  Object.fromEntries(PROVIDER_FIELDS[provider].filter((f) => f.kind !== 'secret' || changing.has(f.name)).map((f) => [f.name, values[f.name]]));

const testId = (provider: string, name: string) => `${provider}-${name}`;

export function ProviderSettingsCard({ provider, icon, subtitle }: { provider: PaymentProvider; icon: ReactNode; subtitle: string }) {
  const notify = useNotify();
  const { data, setData } = useApiData<View>(providerPath(provider));
  const [values, setValues] = useState<Values | null>(null);
  const [changing, setChanging] = useState<ReadonlySet<string>>(new Set());
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; message: string } | 'running' | null>(null);

  useEffect(() => {
    if (data && !values) setValues(initialValues(provider, data));
  }, [data, values, provider]);

  const fields = PROVIDER_FIELDS[provider];
  const errorOf = (name: string) => (fieldError?.field === name ? fieldError.message : undefined);
  const set = (name: string, v: string | boolean) => setValues((old) => old && { ...old, [name]: v });
  const isChanging = (f: ProviderField) => changing.has(f.name) || data?.[f.name] !== 'set';

  const save = async () => {
    if (!values || !data) return;
    setBusy(true);
    setFieldError(null);
    try {
      const typed = new Set(fields.filter((f) => f.kind === 'secret' && isChanging(f) && values[f.name] !== '').map((f) => f.name));
      const r = await api<View>(providerPath(provider), { body: bodyOf(provider, values, typed) });
      setData(r.data);
      setValues(initialValues(provider, r.data));
      setChanging(new Set());
      notify(r.message ?? 'Saved', { type: 'success' });
    } catch (e) {
      const err = e as ApiRequestError;
      setFieldError({ field: err.field, message: err.message });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      const r = await api<View>(providerPath(provider), { method: 'DELETE' });
      setData(r.data);
      setValues(initialValues(provider, r.data));
      notify(r.message ?? 'Removed', { type: 'info' });
    } catch (e) {
      setFieldError({ message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const runTest = async () => {
    setTest('running');
    try {
      const r = await api<{ ok: boolean; message: string }>(`${providerPath(provider)}/test`, { body: {} });
      setTest(r.data);
    } catch (e) {
      setTest({ ok: false, message: (e as Error).message });
    }
  };

  return (
    <ConfigCard icon={icon} title={PROVIDER_TITLES[provider]} subtitle={subtitle} testId={`${provider}-card`}>
      {!data || !values ? (
        <LoadingCard />
      ) : (
        <Stack spacing={2}>
          {fieldError && !fieldError.field ? <Alert severity="error">{fieldError.message}</Alert> : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            {fields.map((f) =>
              f.kind === 'switch' ? (
                <Box key={f.name} sx={{ gridColumn: '1 / -1' }}>
                  <FormControlLabel label={f.label} control={<Switch checked={values[f.name] === true} onChange={(e) => set(f.name, e.target.checked)} slotProps={{ input: { 'data-testid': testId(provider, f.name) } as object }} />} />
                  <FormHelperText error={!!errorOf(f.name)}>{errorOf(f.name) ?? f.help}</FormHelperText>
                </Box>
              ) : f.kind === 'secret' ? (
                <SecretField key={f.name} label={f.label} stored={data[f.name] === 'set'} value={String(values[f.name])} changing={changing.has(f.name)}
                  onChange={(v) => set(f.name, v)} onStartChange={() => setChanging(new Set([...changing, f.name]))} error={errorOf(f.name)}
                  help={`${f.help} Stored encrypted; never shown again.`} storedHelp={`${f.label} is saved, encrypted; it is never shown.`}
                  testId={testId(provider, f.name)} storedTestId={testId(provider, f.name)} changeTestId={testId(provider, `${f.name}-change`)} />
              ) : (
                <TextField key={f.name} label={f.label} value={values[f.name]} onChange={(e) => set(f.name, e.target.value)} autoComplete="off" fullWidth error={!!errorOf(f.name)}
                  helperText={errorOf(f.name) ?? f.help} inputProps={{ 'data-testid': testId(provider, f.name), maxLength: f.max }} />
              ),
            )}
          </Box>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid={testId(provider, 'save')}>Save</Button>
            <Button variant="outlined" onClick={() => void runTest()} disabled={!data.configured || test === 'running'} data-testid={testId(provider, 'test')}
              startIcon={test === 'running' ? <CircularProgress size={16} /> : <CableOutlinedIcon />}>
              Test connection
            </Button>
            {data.configured ? <Button color="inherit" onClick={() => void remove()} disabled={busy} data-testid={testId(provider, 'remove')}>Remove</Button> : null}
          </Stack>
          {test && test !== 'running' ? <Alert severity={test.ok ? 'success' : 'warning'} data-testid={testId(provider, 'test-result')}>{test.message}</Alert> : null}
        </Stack>
      )}
    </ConfigCard>
  );
}
