// Fan-shell settings pages: the announcement banner, the contact form and the miscellaneous pop-up (the custom
// menu links with the menu and links-page settings are MenuLinksPage.tsx). Each loads with the settings' ETag and
// saves with If-Match: a stale save answers 412 and the page says so.
import { Box, Button, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { PageGuard } from '../promotions/PageGuard';
import { BANNER_ANIMATIONS, MISC_POPUP_AUDIENCES } from '../../../domain/settings/shell';
import { BANNER_PAGE, CONTACT_SETTINGS_PAGE, MISC_POPUP_PAGE } from './paths';
import { Section, useSettingsForm, type Values } from './settingsForm';

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
              <FormControlLabel control={<Switch checked={!!v.is_announcement_banner_enabled_for_subscribers} onChange={(e) => set('is_announcement_banner_enabled_for_subscribers', e.target.checked)} slotProps={{ input: { role: 'switch', 'data-testid': 'banner-subscribers' } as object }} />} label="Show to subscribers" />
              <FormControlLabel control={<Switch checked={!!v.is_announcement_banner_enabled_for_non_subscribers} onChange={(e) => set('is_announcement_banner_enabled_for_non_subscribers', e.target.checked)} slotProps={{ input: { role: 'switch', 'data-testid': 'banner-non-subscribers' } as object }} />} label="Show to non-subscribers" />
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
            <FormControlLabel control={<Switch checked={!!v.show_like_the_website_form} onChange={(e) => f.setValues((x) => ({ ...x, show_like_the_website_form: e.target.checked }))} slotProps={{ input: { role: 'switch', 'data-testid': 'show-like-the-website' } as object }} />} label='"Like the website?" form and footer link' />
            <TextField label="Also email messages to" placeholder="the creator's admin address" value={String(v.contact_us_email ?? '')} onChange={(e) => f.setValues((x) => ({ ...x, contact_us_email: e.target.value }))} error={!!f.errors.contact_us_email} helperText={f.errors.contact_us_email ?? 'Messages always reach the Contact inbox; with a mail server they are emailed too.'} />
            <Box><Button variant="contained" disabled={f.busy} onClick={() => f.save({ contact_us_form_enabled: v.contact_us_form_enabled, show_like_the_website_form: v.show_like_the_website_form, contact_us_email: v.contact_us_email })} data-testid="contact-settings-save">Save</Button></Box>
          </Section>
        )}
      </Box>
    </PageGuard>
  );
}

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
            <FormControlLabel control={<Switch checked={!!v.enabled} onChange={(e) => f.setValues((x) => ({ ...x, enabled: e.target.checked }))} slotProps={{ input: { role: 'switch', 'data-testid': 'misc-popup-enabled' } as object }} />} label="Show the pop-up" />
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

