// /admin/settings/help-setting: staff write the help items fans read at /user-help and staff at
// /help — title, tags, who it is for, popup or not, published, and the text as HTML (cleaned on the server under the
// shared policy). The staff help switch (influencer_help_enabled) is here too.
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { api } from '../api';
import { useLiveQuery, useQueryClient } from '../query';
import { PageGuard } from '../promotions/PageGuard';
import { HELP_SETTING_PAGE } from './paths';

interface Item { id: string; title: string; html: string; tags: string[]; audience: 'fans' | 'staff' | 'both'; is_popup: boolean; published: boolean; updated_at: string }
const EMPTY = { title: '', html: '', tags: '', audience: 'fans' as Item['audience'], is_popup: false, published: true };

async function raw<T>(path: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', body?: unknown): Promise<T> {
  return (await api<T>(path, { method, body })) as unknown as T;
}

/** The help items and the staff help switch in the read cache. */
const HELP_ITEMS_KEY = ['help', 'items'] as const;
const STAFF_HELP_KEY = ['help', 'staff-enabled'] as const;

export default function HelpSettingPage() {
  const notify = useNotify();
  const client = useQueryClient();
  const itemsRead = useLiveQuery(HELP_ITEMS_KEY, () => raw<Item[]>('/admin-api/help-items?range=[0,199]'));
  const items = itemsRead.data ?? null;
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [formError, setError] = useState<{ field?: string; message: string } | null>(null);
  const staffRead = useLiveQuery(STAFF_HELP_KEY, async (signal) => (await api<{ influencer_help_enabled: boolean }>('/api/settings/help-settings', { signal })).data.influencer_help_enabled, { enabled: itemsRead.isSuccess });
  const staffHelp = staffRead.data ?? true;
  const setStaffHelp = (on: boolean) => client.setQueryData(STAFF_HELP_KEY, on);
  const readFailure = itemsRead.error ?? staffRead.error;
  const error = formError ?? (readFailure ? { message: (readFailure as Error).message } : null);
  const load = () => client.invalidateQueries({ queryKey: HELP_ITEMS_KEY });

  const edit = (it: Item | null) => {
    setError(null);
    setEditing(it ? it.id : 'new');
    setForm(it ? { title: it.title, html: it.html, tags: it.tags.join(', '), audience: it.audience, is_popup: it.is_popup, published: it.published } : EMPTY);
  };
  const save = async () => {
    setError(null);
    const body = { ...form, tags: form.tags.split(',').map((t) => t.trim()).filter(Boolean) };
    try {
      if (editing === 'new') await raw('/admin-api/help-items', 'POST', body);
      else await raw(`/admin-api/help-items/${editing}`, 'PUT', body);
      notify('Help item saved.', { type: 'success' });
      setEditing(null);
      await load();
    } catch (e) {
      const b = (e as { body?: { field?: string; message?: string } }).body;
      setError({ field: b?.field, message: b?.message ?? (e as Error).message });
    }
  };
  const remove = async (id: string) => {
    await raw(`/admin-api/help-items/${id}`, 'DELETE');
    notify('Help item deleted.', { type: 'info' });
    await load();
  };
  const toggleStaffHelp = async (on: boolean) => {
    setStaffHelp(on);
    await api('/api/settings/help-settings', { body: { influencer_help_enabled: on } });
    notify('Help settings saved.', { type: 'success' });
  };

  return (
    <PageGuard page={HELP_SETTING_PAGE} title="Help items">
      <Box sx={{ maxWidth: 900, mt: 2 }} data-testid="help-setting">
        <FormControlLabel control={<Switch checked={staffHelp} onChange={(e) => void toggleStaffHelp(e.target.checked)} slotProps={{ input: { role: 'switch', 'data-testid': 'staff-help-enabled' } as object }} />} label="Show help to staff (/help)" />
        {error && !editing && <Alert severity="error" sx={{ my: 2 }}>{error.message}</Alert>}
        {editing ? (
          <Card variant="outlined" sx={{ mt: 2 }}>
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="h6">{editing === 'new' ? 'New help item' : 'Edit help item'}</Typography>
                <TextField label="Title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} error={error?.field === 'title'} helperText={error?.field === 'title' ? error.message : undefined} inputProps={{ 'data-testid': 'help-title' }} fullWidth />
                <TextField label="Tags (comma separated)" value={form.tags} onChange={(e) => setForm({ ...form, tags: e.target.value })} error={error?.field === 'tags'} helperText={error?.field === 'tags' ? error.message : undefined} inputProps={{ 'data-testid': 'help-tags' }} fullWidth />
                <TextField select label="For" value={form.audience} onChange={(e) => setForm({ ...form, audience: e.target.value as Item['audience'] })} sx={{ maxWidth: 240 }} SelectProps={{ inputProps: { 'data-testid': 'help-audience' } }}>
                  <MenuItem value="fans">Fans (/user-help)</MenuItem>
                  <MenuItem value="staff">Staff (/help)</MenuItem>
                  <MenuItem value="both">Both</MenuItem>
                </TextField>
                <TextField label="Text (HTML)" value={form.html} onChange={(e) => setForm({ ...form, html: e.target.value })} error={error?.field === 'html'} helperText={error?.field === 'html' ? error.message : 'Scripts and unsafe attributes are removed when saved.'} multiline minRows={6} inputProps={{ 'data-testid': 'help-html' }} fullWidth />
                <Stack direction="row" spacing={2}>
                  <FormControlLabel control={<Switch checked={form.is_popup} onChange={(e) => setForm({ ...form, is_popup: e.target.checked })} />} label="Show as a popup until read" />
                  <FormControlLabel control={<Switch checked={form.published} onChange={(e) => setForm({ ...form, published: e.target.checked })} />} label="Published" />
                </Stack>
                {error && !error.field && <Alert severity="error">{error.message}</Alert>}
                <Stack direction="row" spacing={1}>
                  <Button variant="contained" onClick={() => void save()} data-testid="help-save">Save</Button>
                  <Button onClick={() => setEditing(null)}>Cancel</Button>
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        ) : (
          <Button variant="contained" sx={{ my: 2 }} onClick={() => edit(null)} data-testid="help-new">New help item</Button>
        )}
        <Stack spacing={1} sx={{ mt: 1 }}>
          {items?.length === 0 && <Typography color="text.secondary">No help items yet.</Typography>}
          {items?.map((it) => (
            <Card key={it.id} variant="outlined" data-testid="help-item-row">
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', py: '12px !important' }}>
                <Box sx={{ flexGrow: 1, minWidth: 200 }}>
                  <Typography sx={{ fontWeight: 600 }}>{it.title}</Typography>
                  <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
                    <Chip size="small" label={it.audience} />
                    {it.is_popup && <Chip size="small" color="info" label="popup" />}
                    {!it.published && <Chip size="small" label="draft" />}
                    {it.tags.map((t) => <Chip key={t} size="small" variant="outlined" label={t} />)}
                  </Stack>
                </Box>
                <Button size="small" onClick={() => edit(it)}>Edit</Button>
                <Button size="small" color="error" onClick={() => void remove(it.id)}>Delete</Button>
              </CardContent>
            </Card>
          ))}
        </Stack>
      </Box>
    </PageGuard>
  );
}
