// /admin/settings/platform-settings (the spec shows no contents). What a self-hosted, one-creator site
// needs from a "platform" page: its canonical public address (behind a proxy or CDN the server cannot know it, yet
// the sitemap, robots.txt and link previews need absolute addresses) and the language its pages declare (<html lang>
// for screen readers and search engines, og:locale for previews). Below them, read-only facts about this
// installation. Not here, on purpose: a platform fee (there is no platform between the creator and the fans: the
// payment provider's fees are the provider's) and a currency (money is kept in integer US cents end to end).
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import LanguageOutlinedIcon from '@mui/icons-material/LanguageOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import { useNotify } from 'react-admin';
import { api, ApiRequestError } from '../api';
import { PageGuard } from '../promotions/PageGuard';
import { PLATFORM_SETTINGS_PAGE } from './paths';
import { ConfigCard, ConfigColumn, ErrorAlert, Fact, FactGrid, LoadingCard, useApiData } from './parts';

interface Platform {
  site_url: string;
  site_language: string;
  effective_site_url: string;
  public_url_env: string | null;
  database: 'pglite' | 'postgres';
  event_store: string;
}

const STORE_NAMES: Record<string, string> = { pglite: 'PGlite (in the data folder)', postgres: 'Postgres server', eventstoredb: 'EventStoreDB / KurrentDB' };

export default function PlatformSettingsPage() {
  const notify = useNotify();
  const { data, setData, error } = useApiData<Platform>('/api/settings/platform-settings');
  const [form, setForm] = useState<{ site_url: string; site_language: string } | null>(null);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (data && !form) setForm({ site_url: data.site_url, site_language: data.site_language }); }, [data, form]);
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);

  const save = async () => {
    if (!form) return;
    setBusy(true);
    setFieldError(null);
    try {
      const r = await api<Platform>('/api/settings/platform-settings', { body: form });
      setData(r.data);
      setForm({ site_url: r.data.site_url, site_language: r.data.site_language });
      notify(r.message ?? 'Saved', { type: 'success' });
    } catch (e) {
      const err = e as ApiRequestError;
      setFieldError({ field: err.field, message: err.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageGuard page={PLATFORM_SETTINGS_PAGE} title="Platform">
      <ConfigColumn testId="platform-settings">
        <ErrorAlert error={error} />
        <ConfigCard icon={<LanguageOutlinedIcon />} title="Address and language" subtitle="How the site names itself to search engines, link previews and screen readers.">
          {!form || !data ? <LoadingCard /> : (
            <Stack spacing={2}>
              {fieldError && !fieldError.field ? <Alert severity="error">{fieldError.message}</Alert> : null}
              <TextField label="Public address" value={form.site_url} onChange={(e) => setForm({ ...form, site_url: e.target.value })} placeholder={data.public_url_env ?? 'https://fans.example.com'}
                error={!!errorOf('site_url')} helperText={errorOf('site_url') ?? `The one address the site is known by (sitemap, robots.txt, previews). Empty: ${data.public_url_env ? 'FANCLUB_PUBLIC_URL' : 'the address each visitor used'}. Now: ${data.effective_site_url}`}
                inputProps={{ 'data-testid': 'platform-site-url' }} />
              <TextField label="Language" value={form.site_language} onChange={(e) => setForm({ ...form, site_language: e.target.value })} sx={{ maxWidth: 280 }}
                error={!!errorOf('site_language')} helperText={errorOf('site_language') ?? 'A language code: en, de, es, pt-BR …'} inputProps={{ 'data-testid': 'platform-language' }} />
              <Box><Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="platform-save">Save</Button></Box>
            </Stack>
          )}
        </ConfigCard>
        <ConfigCard icon={<DnsOutlinedIcon />} title="This installation" subtitle="Set by the environment when the server starts; shown for reference.">
          {!data ? <LoadingCard /> : (
            <FactGrid>
              <Fact label="Database" value={STORE_NAMES[data.database] ?? data.database} testId="platform-database" />
              <Fact label="Event store" value={STORE_NAMES[data.event_store] ?? data.event_store} />
              <Fact label="FANCLUB_PUBLIC_URL" value={data.public_url_env ?? 'not set'} />
            </FactGrid>
          )}
        </ConfigCard>
      </ConfigColumn>
    </PageGuard>
  );
}
