// /admin/settings/seo-setting: what search engines and link previews show. The fan site's HTML carries
// these as server-rendered tags (title, description, Open Graph / Twitter card image, canonical link), and the site
// serves /sitemap.xml (public pages and public posts) and /robots.txt, which closes the site when indexing is
// discouraged. The preview on the right is how a shared link looks.
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CircularProgress, FormControlLabel, Link, Stack, Switch, TextField, Typography } from '@mui/material';
import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { useNotify } from 'react-admin';
import { api, ApiRequestError, consoleHeaders } from '../api';
import { useSettings } from '../settings';
import { PageGuard } from '../promotions/PageGuard';
import { SEO_SETTING_PAGE } from './paths';
import { ConfigCard, ConfigColumn, ErrorAlert, LoadingCard, useApiData } from './parts';

interface Seo {
  seo_title: string;
  seo_description: string;
  seo_image_url: string | null;
  seo_discourage_indexing: boolean;
}

const TITLE_MAX = 70;
const DESCRIPTION_MAX = 300;
const DESCRIPTION_SHOWN = 160;

async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  const response = await fetch('/api/app_settings/upload-theme-image', { method: 'POST', headers: consoleHeaders({ Accept: 'application/json' }), body: form });
  const body = (await response.json().catch(() => null)) as { success?: number; message?: string; data?: { url?: string } } | null;
  if (!response.ok || !body?.success || !body.data?.url) throw new Error(body?.message || 'There was an error while uploading the image.');
  return body.data.url;
}

export default function SeoSettingsPage() {
  const notify = useNotify();
  const { settings } = useSettings();
  const { data, setData, error } = useApiData<Seo>('/api/settings/seo-setting');
  const [form, setForm] = useState<Seo | null>(null);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => { if (data && !form) setForm(data); }, [data, form]);

  const save = async () => {
    if (!form) return;
    setBusy(true);
    setFieldError(null);
    try {
      const r = await api<Seo>('/api/settings/seo-setting', { body: form });
      setData(r.data);
      setForm(r.data);
      notify(r.message ?? 'Saved', { type: 'success' });
    } catch (e) {
      const err = e as ApiRequestError;
      setFieldError({ field: err.field, message: err.message });
    } finally {
      setBusy(false);
    }
  };
  const pick = async (f: File | undefined) => {
    if (!f || !form) return;
    setUploading(true);
    try {
      setForm({ ...form, seo_image_url: await uploadImage(f) });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setUploading(false);
      if (file.current) file.current.value = '';
    }
  };
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);
  const title = form?.seo_title || settings.model_name || 'Fanclub';
  const image = form?.seo_image_url ?? settings.model_cover_url ?? settings.model_avatar_url ?? null;

  return (
    <PageGuard page={SEO_SETTING_PAGE} title="SEO">
      <ConfigColumn testId="seo-settings">
        <ErrorAlert error={error} />
        <ConfigCard icon={<TravelExploreOutlinedIcon />} title="Search and link previews" subtitle="What search engines list and what a shared link shows.">
          {!form ? <LoadingCard /> : (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
              <Stack spacing={2}>
                {fieldError && !fieldError.field ? <Alert severity="error">{fieldError.message}</Alert> : null}
                <TextField label="Title" value={form.seo_title} onChange={(e) => setForm({ ...form, seo_title: e.target.value })} placeholder={settings.model_name}
                  error={!!errorOf('seo_title')} helperText={errorOf('seo_title') ?? `${form.seo_title.length}/${TITLE_MAX} · empty: the creator's name`} inputProps={{ maxLength: TITLE_MAX + 10, 'data-testid': 'seo-title' }} />
                <TextField label="Description" value={form.seo_description} onChange={(e) => setForm({ ...form, seo_description: e.target.value })} multiline minRows={3}
                  error={!!errorOf('seo_description')} helperText={errorOf('seo_description') ?? `${form.seo_description.length}/${DESCRIPTION_MAX} · search results show about ${DESCRIPTION_SHOWN} characters`} inputProps={{ 'data-testid': 'seo-description' }} />
                <Box>
                  <Typography variant="subtitle2" gutterBottom>Social preview image</Typography>
                  <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                    <input ref={file} type="file" accept="image/png,image/jpeg" hidden aria-label="Social preview image file" data-testid="seo-image-file" onChange={(e) => void pick(e.target.files?.[0])} />
                    <Button variant="outlined" size="small" startIcon={uploading ? <CircularProgress size={16} /> : <UploadIcon />} onClick={() => file.current?.click()} disabled={uploading} data-testid="seo-image-upload">
                      {form.seo_image_url ? 'Replace image' : 'Upload image'}
                    </Button>
                    {form.seo_image_url ? <Button size="small" color="inherit" onClick={() => setForm({ ...form, seo_image_url: null })} data-testid="seo-image-remove">Remove</Button> : null}
                  </Stack>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                    {errorOf('seo_image_url') ?? 'PNG or JPG, 1200 × 630 px works everywhere. Without one, the cover image or avatar is used.'}
                  </Typography>
                </Box>
                <FormControlLabel
                  control={<Switch checked={form.seo_discourage_indexing} onChange={(e) => setForm({ ...form, seo_discourage_indexing: e.target.checked })} slotProps={{ input: { role: 'switch', 'data-testid': 'seo-discourage' } as object }} />}
                  label="Discourage search engines from indexing this site"
                />
                <Typography variant="caption" color="text.secondary" sx={{ mt: '-8px !important' }}>
                  On: robots.txt closes the whole site and every page says noindex. It is up to search engines to honour it.
                </Typography>
                <Box><Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="seo-save">Save</Button></Box>
              </Stack>
              <Box>
                <Typography variant="overline" color="text.secondary">Link preview</Typography>
                <Card variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }} data-testid="seo-preview">
                  <Box sx={{ aspectRatio: '1.91 / 1', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
                    {image ? <Box component="img" src={image} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <Typography variant="caption" color="text.secondary">No image</Typography>}
                  </Box>
                  <Box sx={{ p: 1.5 }}>
                    <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase' }}>{window.location.host}</Typography>
                    <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>{title}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                      {form.seo_description || 'No description'}
                    </Typography>
                  </Box>
                </Card>
                <Stack spacing={0.5} sx={{ mt: 2 }}>
                  <Link href="/sitemap.xml" target="_blank" rel="noopener" data-testid="seo-sitemap-link">/sitemap.xml</Link>
                  <Typography variant="caption" color="text.secondary">The home, join and tips pages, published content pages and every public post.</Typography>
                  <Link href="/robots.txt" target="_blank" rel="noopener">/robots.txt</Link>
                </Stack>
              </Box>
            </Box>
          )}
        </ConfigCard>
      </ConfigColumn>
    </PageGuard>
  );
}
