// The custom menu links page (/settings/custom-menu-links, also /settings/menu-settings and
// /settings/links-page-settings): links in the fan site's top bar and Links page with their audiences, which of the
// site's own menu items each audience sees, the Links page's title and the navigation bar's names.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Checkbox, Divider, FormControlLabel, IconButton, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useNotify } from 'react-admin';
import { api, ApiRequestError } from '../api';
import { PageGuard } from '../promotions/PageGuard';
import { useLiveQuery } from '../query';
import { MENU_AUDIENCES, MENU_ITEMS, type CustomMenuLink, type MenuAudience, type MenuItem as MenuKey } from '../../../domain/settings/shell';
import { MENU_LINKS_PAGE } from './paths';
import { Section, useSettingsForm, type Values } from './settingsForm';

const AUDIENCE_LABELS: Record<MenuAudience, string> = { guest: 'Guests', user: 'Registered fans', subscriber: 'Subscribers', admin: 'Staff', super_admin: 'Super admins' };

type LinkView = Omit<CustomMenuLink, 'id'> & { _id: string };

function LinkForm({ onSaved }: { onSaved: () => void }) {
  const notify = useNotify();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [newTab, setNewTab] = useState(false);
  const [audiences, setAudiences] = useState<MenuAudience[]>(['guest', 'user', 'subscriber']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = async () => {
    setErrors({});
    try {
      await api('/api/custom-menu/save', { body: { name, url, open_in_new_tab: newTab, status: true, audiences } });
      notify('Menu link saved successfully.', { type: 'success' });
      setName('');
      setUrl('');
      onSaved();
    } catch (e) {
      const err = e as ApiRequestError;
      setErrors({ [err.field ?? 'form']: err.message });
    }
  };
  return (
    <Stack gap={1} data-testid="menu-link-form">
      {errors.form && <Alert severity="error">{errors.form}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1}>
        <TextField size="small" label="Name" value={name} onChange={(e) => setName(e.target.value)} error={!!errors.name} helperText={errors.name ?? ' '} inputProps={{ 'data-testid': 'menu-link-name' }} />
        <TextField size="small" label="URL (https://… or /page)" value={url} onChange={(e) => setUrl(e.target.value)} error={!!errors.url} helperText={errors.url ?? ' '} sx={{ flex: 1 }} inputProps={{ 'data-testid': 'menu-link-url' }} />
      </Stack>
      <Stack direction="row" flexWrap="wrap" alignItems="center">
        {MENU_AUDIENCES.map((a) => (
          <FormControlLabel key={a} label={AUDIENCE_LABELS[a]} control={<Checkbox size="small" checked={audiences.includes(a)} onChange={(e) => setAudiences((x) => (e.target.checked ? [...x, a] : x.filter((y) => y !== a)))} />} />
        ))}
        <FormControlLabel label="Open in a new tab" control={<Switch size="small" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} />} />
      </Stack>
      {errors.audiences && <Alert severity="error">{errors.audiences}</Alert>}
      <Box><Button variant="contained" onClick={add} data-testid="menu-link-add">Add link</Button></Box>
    </Stack>
  );
}

export function CustomMenuLinksPage() {
  const notify = useNotify();
  const read = useLiveQuery(['shell', 'menu-links'], async (signal) => (await api<{ links: LinkView[] }>('/api/custom-menu/all/get', { signal })).data.links);
  const links = read.data ?? null;
  useEffect(() => {
    if (read.error) notify((read.error as Error).message, { type: 'error' });
  }, [read.error, notify]);
  const load = () => void read.refetch();
  const act = (path: string, body: Values) => api(path, { body }).then(load, (e) => notify((e as Error).message, { type: 'error' }));
  const menu = useSettingsForm('/api/settings/menu-settings', '/api/settings/menu-settings');
  const linksPage = useSettingsForm('/api/settings/links-page-settings', '/api/settings/links-page-settings');
  const navbar = useSettingsForm('/api/settings/navbar', '/api/settings/navbar');
  const lm = menu.values?.links_menu as Record<MenuAudience, MenuKey[]> | undefined;
  return (
    <PageGuard page={MENU_LINKS_PAGE} title="Menu and links">
      {/* contain: the wide tables scroll in their boxes instead of widening the console's content column (481 px at 375). */}
      <Box sx={{ maxWidth: 980, mt: 2, contain: 'inline-size' }}>
        <Section title="Custom menu links" testId="custom-menu-links">
          <Typography variant="body2" color="text.secondary">Links in the fan site's top bar (wide screens) and on the Links page, for the audiences you tick.</Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead><TableRow><TableCell>Name</TableCell><TableCell>URL</TableCell><TableCell>Who sees it</TableCell><TableCell>On</TableCell><TableCell /></TableRow></TableHead>
              <TableBody>
                {(links ?? []).map((l) => (
                  <TableRow key={l._id} data-testid="menu-link-row">
                    <TableCell>{l.name}</TableCell>
                    <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{l.url}{l.open_in_new_tab ? ' ↗' : ''}</TableCell>
                    <TableCell>{l.audiences.map((a) => AUDIENCE_LABELS[a]).join(', ')}</TableCell>
                    <TableCell><Switch size="small" checked={l.status} onChange={(e) => act('/api/custom-menu/status/update', { _id: l._id, status: e.target.checked })} slotProps={{ input: { role: 'switch', 'aria-label': `${l.name} on` } }} /></TableCell>
                    <TableCell><IconButton aria-label={`Delete ${l.name}`} onClick={() => act('/api/custom-menu/delete', { _id: l._id })}><DeleteOutlineIcon fontSize="small" /></IconButton></TableCell>
                  </TableRow>
                ))}
                {links?.length === 0 && <TableRow><TableCell colSpan={5}><Typography variant="body2" color="text.secondary">No custom links yet.</Typography></TableCell></TableRow>}
              </TableBody>
            </Table>
          </Box>
          <Divider />
          <LinkForm onSaved={load} />
        </Section>
        {lm && (
          <Section title="Menu visibility" testId="menu-settings">
            <Typography variant="body2" color="text.secondary">Which of the site's own menu items each audience sees (items this site does not offer yet are kept for later).</Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead><TableRow><TableCell />{MENU_ITEMS.map((i) => <TableCell key={i} sx={{ textTransform: 'capitalize' }}>{i}</TableCell>)}</TableRow></TableHead>
                <TableBody>
                  {MENU_AUDIENCES.map((a) => (
                    <TableRow key={a}>
                      <TableCell>{AUDIENCE_LABELS[a]}</TableCell>
                      {MENU_ITEMS.map((i) => (
                        <TableCell key={i} padding="checkbox">
                          <Checkbox size="small" checked={lm[a].includes(i)} inputProps={{ 'aria-label': `${i} for ${AUDIENCE_LABELS[a]}` }}
                            onChange={(e) => menu.setValues((v) => ({ ...v, links_menu: { ...lm, [a]: e.target.checked ? [...lm[a], i] : lm[a].filter((x) => x !== i) } }))} />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Box><Button variant="contained" disabled={menu.busy} onClick={() => menu.save({ links_menu: lm })}>Save menu</Button></Box>
          </Section>
        )}
        {linksPage.values && (
          <Section title="Links page" testId="links-page-settings">
            <TextField label="Title" value={String(linksPage.values.links_page_title ?? '')} onChange={(e) => linksPage.setValues((v) => ({ ...v, links_page_title: e.target.value }))} error={!!linksPage.errors.links_page_title} helperText={linksPage.errors.links_page_title ?? ' '} />
            <TextField label="Description" multiline minRows={2} value={String(linksPage.values.links_page_description ?? '')} onChange={(e) => linksPage.setValues((v) => ({ ...v, links_page_description: e.target.value }))} />
            <Box><Button variant="contained" disabled={linksPage.busy} onClick={() => linksPage.save({ links_page_title: linksPage.values!.links_page_title, links_page_description: linksPage.values!.links_page_description })}>Save links page</Button></Box>
          </Section>
        )}
        {navbar.values && (
          <Section title="Navigation bar" testId="navbar-settings">
            <Typography variant="body2" color="text.secondary">The names of the fan site's menu entries (top bar and phone tabs) and the space around the top bar.</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap flexWrap="wrap">
              {NAVBAR_FIELDS.map(([key, label]) => (
                <TextField key={key} label={label} value={String(navbar.values![key] ?? '')} onChange={(e) => navbar.setValues((v) => ({ ...v, [key]: e.target.value }))} error={!!navbar.errors[key]} helperText={navbar.errors[key] ?? ' '} sx={{ width: { xs: '100%', sm: 200 } }} slotProps={{ htmlInput: { 'data-testid': `navbar-${key}` } }} />
              ))}
              <TextField label="Top bar padding (px)" type="number" value={String(navbar.values.navbar_padding ?? 0)} onChange={(e) => navbar.setValues((v) => ({ ...v, navbar_padding: e.target.value === '' ? '' : Number(e.target.value) }))} error={!!navbar.errors.navbar_padding} helperText={navbar.errors.navbar_padding ?? '0 to 24'} sx={{ width: { xs: '100%', sm: 200 } }} slotProps={{ htmlInput: { min: 0, max: 24, 'data-testid': 'navbar-padding' } }} />
            </Stack>
            <Box><Button variant="contained" disabled={navbar.busy} onClick={() => navbar.save(Object.fromEntries([...NAVBAR_FIELDS.map(([k]) => [k, navbar.values![k]]), ['navbar_padding', navbar.values!.navbar_padding]]))} data-testid="navbar-save">Save navigation bar</Button></Box>
          </Section>
        )}
      </Box>
    </PageGuard>
  );
}

const NAVBAR_FIELDS: [string, string][] = [
  ['feed_navbar_name', 'Feed'], ['membership_navbar_name', 'Membership'], ['tips_navbar_name', 'Tips'], ['gallery_navbar_name', 'Gallery'],
  ['log_in_navbar_name', 'Log In'], ['sign_up_navbar_name', 'Sign Up'],
];
