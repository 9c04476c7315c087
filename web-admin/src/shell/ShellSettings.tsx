// Fan-shell settings pages: the announcement banner, custom menu links with their
// audiences plus the menu and links-page settings (the custom-menu and menu-settings calls), and the contact form.
// Each loads with the settings' ETag and saves with If-Match: a stale save answers 412 and the page says so.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Alert, Box, Button, Card, CardContent, Checkbox, Divider, FormControlLabel, IconButton, MenuItem, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { useNotify } from 'react-admin';
import { api, etagVersion, ifMatch, ApiRequestError } from '../api';
import { PageGuard } from '../promotions/PageGuard';
import { BANNER_ANIMATIONS, MENU_AUDIENCES, MENU_ITEMS, MISC_POPUP_AUDIENCES, type CustomMenuLink, type MenuAudience, type MenuItem as MenuKey } from '../../../domain/settings/shell';
import { BANNER_PAGE, CONTACT_SETTINGS_PAGE, MENU_LINKS_PAGE, MISC_POPUP_PAGE } from './paths';

type Values = Record<string, unknown>;
const AUDIENCE_LABELS: Record<MenuAudience, string> = { guest: 'Guests', user: 'Registered fans', subscriber: 'Subscribers', admin: 'Staff', super_admin: 'Super admins' };

/** Loads a settings answer (GET) with its version; `save` posts changes with If-Match and shows the field in error. */
function useSettingsForm(getPath: string, postPath: string) {
  const notify = useNotify();
  const [values, setValues] = useState<Values | null>(null);
  const [version, setVersion] = useState<number | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    api<Values>(getPath, { onHeaders: (h) => setVersion(etagVersion(h)) }).then((r) => setValues(r.data), (e) => notify((e as Error).message, { type: 'error' }));
  }, [getPath, notify]);
  useEffect(load, [load]);
  const save = async (body: Values, message?: string) => {
    setBusy(true);
    setErrors({});
    try {
      const r = await api<Values>(postPath, { body, headers: ifMatch(version), onHeaders: (h) => setVersion(etagVersion(h)) });
      setValues((v) => ({ ...v, ...r.data }));
      notify(message ?? r.message ?? 'update settings successfully.', { type: 'success' });
      return true;
    } catch (e) {
      const err = e as ApiRequestError;
      if (err.field) setErrors({ [err.field]: err.message });
      notify(err.message, { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { values, setValues, errors, busy, save, reload: load, version, setVersion };
}

const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Card variant="outlined" sx={{ mb: 2 }} data-testid={testId}>
    <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>{title}</Typography>
      {children}
    </CardContent>
  </Card>
);

// ---- announcement banner ---------------------------------------------------------------------------------

const BANNER_FIELDS: { key: string; label: string; kind: 'text' | 'colour' | 'number' | 'long' }[] = [
  { key: 'subscriber_announcement_banner_text', label: 'Subscriber banner text', kind: 'long' },
  { key: 'non_subscriber_announcement_banner_text', label: 'Non-subscriber banner text', kind: 'long' },
  { key: 'ribbon_background_color', label: 'Background colour', kind: 'colour' },
  { key: 'promo_text_color', label: 'Text colour', kind: 'colour' },
  { key: 'ribbon_padding_top', label: 'Padding top (px)', kind: 'number' },
  { key: 'ribbon_padding_bottom', label: 'Padding bottom (px)', kind: 'number' },
  { key: 'promo_text_font_size', label: 'Font sizes at 320|767|1024|1440 px', kind: 'text' },
  { key: 'promo_text_font', label: 'Font', kind: 'text' },
  { key: 'animation_delay', label: 'Animation delay (s)', kind: 'number' },
  { key: 'animation_duration', label: 'Animation duration (s)', kind: 'number' },
];

export function AnnouncementBannerPage() {
  const f = useSettingsForm('/api/get-announcement-banner-settings', '/api/save-announcement-banner-settings');
  const v = f.values;
  const set = (k: string, value: unknown) => f.setValues((x) => ({ ...x, [k]: value }));
  const submit = () => {
    if (!v) return;
    const body: Values = {};
    for (const k of ['is_announcement_banner_enabled_for_subscribers', 'is_announcement_banner_enabled_for_non_subscribers', 'ribbon_animation', ...BANNER_FIELDS.map((x) => x.key)]) body[k] = v[k];
    for (const x of BANNER_FIELDS) if (x.kind === 'number') body[x.key] = Number(v[x.key]);
    void f.save(body);
  };
  return (
    <PageGuard page={BANNER_PAGE} title="Announcement banner">
      <Box sx={{ maxWidth: 820, mt: 2 }} data-testid="banner-settings">
        {!v ? null : (
          <Section title="Announcement banner">
            <Typography variant="body2" color="text.secondary">
              Shown at the top of the fan site until the fan closes it. Subscribers and non-subscribers each get their own text; staff never see it, and the
              subscriber banner is hidden on the subscribe page. Changing a text shows it again to fans who closed the old one.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
              <FormControlLabel control={<Switch checked={!!v.is_announcement_banner_enabled_for_subscribers} onChange={(e) => set('is_announcement_banner_enabled_for_subscribers', e.target.checked)} inputProps={{ 'data-testid': 'banner-subscribers' } as object} />} label="Show to subscribers" />
              <FormControlLabel control={<Switch checked={!!v.is_announcement_banner_enabled_for_non_subscribers} onChange={(e) => set('is_announcement_banner_enabled_for_non_subscribers', e.target.checked)} inputProps={{ 'data-testid': 'banner-non-subscribers' } as object} />} label="Show to non-subscribers" />
            </Stack>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {BANNER_FIELDS.map((x) => (
                <TextField
                  key={x.key}
                  label={x.label}
                  value={String(v[x.key] ?? '')}
                  onChange={(e) => set(x.key, e.target.value)}
                  type={x.kind === 'number' ? 'number' : 'text'}
                  multiline={x.kind === 'long'}
                  minRows={x.kind === 'long' ? 2 : undefined}
                  sx={x.kind === 'long' ? { gridColumn: '1 / -1' } : undefined}
                  error={!!f.errors[x.key]}
                  helperText={f.errors[x.key] ?? (x.kind === 'colour' ? 'e.g. #e91e63' : ' ')}
                  inputProps={{ 'data-testid': `banner-${x.key}` }}
                  InputProps={x.kind === 'colour' ? { startAdornment: <Box sx={{ width: 18, height: 18, borderRadius: 0.5, mr: 1, border: 1, borderColor: 'divider', bgcolor: String(v[x.key] ?? '') }} /> } : undefined}
                />
              ))}
              <TextField select label="Animation" value={String(v.ribbon_animation ?? 'none')} onChange={(e) => set('ribbon_animation', e.target.value)}>
                {BANNER_ANIMATIONS.map((a) => <MenuItem key={a} value={a}>{a}</MenuItem>)}
              </TextField>
            </Box>
            <Box>
              <Button variant="contained" onClick={submit} disabled={f.busy} data-testid="banner-save">Save</Button>
            </Box>
          </Section>
        )}
      </Box>
    </PageGuard>
  );
}

// ---- custom menu links, menu settings, links page ---------------------------------------------------------

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
  const [links, setLinks] = useState<LinkView[] | null>(null);
  const load = useCallback(() => {
    api<{ links: LinkView[] }>('/api/custom-menu/all/get').then((r) => setLinks(r.data.links), (e) => notify((e as Error).message, { type: 'error' }));
  }, [notify]);
  useEffect(load, [load]);
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
                    <TableCell><Switch size="small" checked={l.status} onChange={(e) => act('/api/custom-menu/status/update', { _id: l._id, status: e.target.checked })} inputProps={{ 'aria-label': `${l.name} on` }} /></TableCell>
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

// ---- contact form settings --------------------------------------------------------------------------------

export function ContactSettingsPage() {
  const f = useSettingsForm('/api/settings/contact-us-settings', '/api/settings/contact-us-settings');
  const v = f.values;
  return (
    <PageGuard page={CONTACT_SETTINGS_PAGE} title="Contact form">
      <Box sx={{ maxWidth: 720, mt: 2 }} data-testid="contact-settings">
        {v && (
          <Section title="Contact form">
            <FormControlLabel control={<Switch checked={!!v.contact_us_form_enabled} onChange={(e) => f.setValues((x) => ({ ...x, contact_us_form_enabled: e.target.checked }))} />} label="Contact form on /contact-us" />
            <FormControlLabel control={<Switch checked={!!v.show_like_the_website_form} onChange={(e) => f.setValues((x) => ({ ...x, show_like_the_website_form: e.target.checked }))} inputProps={{ 'data-testid': 'show-like-the-website' } as object} />} label='"Like the website?" form and footer link' />
            <TextField label="Also email messages to" placeholder="the creator's admin address" value={String(v.contact_us_email ?? '')} onChange={(e) => f.setValues((x) => ({ ...x, contact_us_email: e.target.value }))} error={!!f.errors.contact_us_email} helperText={f.errors.contact_us_email ?? 'Messages always reach the Contact inbox; with a mail server they are emailed too.'} />
            <Box><Button variant="contained" disabled={f.busy} onClick={() => f.save({ contact_us_form_enabled: v.contact_us_form_enabled, show_like_the_website_form: v.show_like_the_website_form, contact_us_email: v.contact_us_email })} data-testid="contact-settings-save">Save</Button></Box>
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

// ---- miscellaneous announcement popup (the misc_pop_up setting) -------------------------------------------------

const MISC_AUDIENCE_LABELS: Record<(typeof MISC_POPUP_AUDIENCES)[number], string> = {
  everyone: 'Everyone (guests and fans)',
  guests: 'Guests only',
  fans: 'Signed-in fans',
  members: 'Members only',
  non_members: 'Everyone but members',
};

export function MiscPopupPage() {
  const f = useSettingsForm('/api/settings/miscellaneous-pop-up', '/api/settings/miscellaneous-pop-up');
  const v = f.values;
  return (
    <PageGuard page={MISC_POPUP_PAGE} title="Miscellaneous pop-up">
      <Box sx={{ maxWidth: 720, mt: 2 }} data-testid="misc-popup-settings">
        {v && (
          <Section title="Miscellaneous pop-up">
            <Typography variant="body2" color="text.secondary">
              A message that opens over the fan site once for each visitor in the audience you choose (never for staff). Visitors
              who closed it see it again when you change its text or switch it on again.
            </Typography>
            <FormControlLabel control={<Switch checked={!!v.enabled} onChange={(e) => f.setValues((x) => ({ ...x, enabled: e.target.checked }))} inputProps={{ 'data-testid': 'misc-popup-enabled' } as object} />} label="Show the pop-up" />
            <TextField select label="Who sees it" value={String(v.audience ?? 'everyone')} onChange={(e) => f.setValues((x) => ({ ...x, audience: e.target.value }))} slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'misc-popup-audience' } }}>
              {MISC_POPUP_AUDIENCES.map((a) => <option key={a} value={a}>{MISC_AUDIENCE_LABELS[a]}</option>)}
            </TextField>
            <TextField label="Title" value={String(v.title ?? '')} onChange={(e) => f.setValues((x) => ({ ...x, title: e.target.value }))} error={!!f.errors.title} helperText={f.errors.title ?? 'Up to 120 characters.'} slotProps={{ htmlInput: { 'data-testid': 'misc-popup-title' } }} />
            <TextField label="Message (HTML)" value={String(v.html ?? '')} onChange={(e) => f.setValues((x) => ({ ...x, html: e.target.value }))} multiline minRows={5} error={!!f.errors.html} helperText={f.errors.html ?? 'Paragraphs, bold, links and images; scripts and styles are removed when saved.'} slotProps={{ htmlInput: { 'data-testid': 'misc-popup-html-input' } }} />
            <Box><Button variant="contained" disabled={f.busy} onClick={() => f.save({ enabled: !!v.enabled, title: v.title ?? '', html: v.html ?? '', audience: v.audience ?? 'everyone' })} data-testid="misc-popup-save">Save</Button></Box>
          </Section>
        )}
      </Box>
    </PageGuard>
  );
}

