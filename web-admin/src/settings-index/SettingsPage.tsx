// /admin/settings/<page> for every page of the settings registry that edits site settings: the page's
// inputs (fields.tsx) in one form, saved through PUT /admin-api/settings/site with the version the editor loaded
// (If-Match; a stale save is refused with the spec's message, see dataProvider.ts).
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Breadcrumbs, Button, Card, CardContent, Divider, Link, Stack, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Edit, Form, SaveButton, Title, Toolbar, useBasename, useNotify } from 'react-admin';
import { PageGuard } from '../promotions/PageGuard';
import { useSettings } from '../settings';
import { SETTINGS_FAILED, SETTINGS_SAVED } from '../sitesettings/messages';
import { buildFieldDefs } from './fields';
import { findPage, pathOf, SETTINGS_FORM_PAGE, SETTINGS_GROUPS, type SettingsPageEntry } from './registry';
import { ThemePreview } from './ThemePreview';

function Header({ entry }: { entry: SettingsPageEntry }) {
  const group = SETTINGS_GROUPS.find(g => g.id === entry.group);
  const basename = useBasename();
  return (
    <Box sx={{ mb: 2 }}>
      <Breadcrumbs sx={{ fontSize: 13 }} aria-label="Breadcrumb">
        <Link component={RouterLink} to={`${basename}/settings`} underline="hover" color="inherit" data-testid="settings-breadcrumb">
          Settings
        </Link>
        <Link component={RouterLink} to={`${basename}/settings?group=${entry.group}`} underline="hover" color="inherit">
          {group?.label}
        </Link>
      </Breadcrumbs>
      <Typography variant="h5" component="h1" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="settings-page-title">
        {entry.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {entry.description}
      </Typography>
    </Box>
  );
}

function Missing({ title, children }: { title: string; children: ReactNode }) {
  const basename = useBasename();
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={title} />
      <Alert severity="info" action={<Button component={RouterLink} to={`${basename}/settings`}>All settings</Button>} data-testid="settings-page-missing">
        {children}
      </Alert>
    </Box>
  );
}

function SettingsForm({ entry }: { entry: SettingsPageEntry }) {
  const notify = useNotify();
  const { refresh } = useSettings();
  const defs = useMemo(buildFieldDefs, []);
  const fields = (entry.settings ?? []).map(k => defs.get(k)).filter(d => d !== undefined);
  const preview = entry.slug === 'theme';
  const basename = useBasename();
  return (
    <Edit
      resource="settings"
      id="site"
      title={entry.title}
      redirect={false}
      mutationMode="pessimistic"
      actions={false}
      component="div"
      mutationOptions={{
        onSuccess: () => {
          notify(SETTINGS_SAVED, { type: 'success' });
          // The console's own theme and title follow the new settings.
          refresh().catch(() => undefined);
        },
        onError: error => notify((error as Error)?.message || SETTINGS_FAILED, { type: 'error' }),
      }}
      sx={{ mt: 2, minWidth: 0 }}
    >
      {/* No form-level validate: react-hook-form would then skip every input's own rules (sizes, colours, ranges). */}
      <Form sanitizeEmptyValues={false}>
        <Header entry={entry} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: preview ? 'minmax(0, 720px) 360px' : 'minmax(0, 760px)' }, alignItems: 'start' }}>
          <Card variant="outlined" sx={{ minWidth: 0 }} data-testid="settings-form" data-page={entry.slug}>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 1 }}>
              {fields.map(def => (
                <Box key={def.source} data-setting={def.source}>
                  {def.input}
                </Box>
              ))}
              {entry.related?.length ? (
                <>
                  <Divider sx={{ my: 1 }} />
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {entry.related.map(r => (
                      <Button key={r.path} component={RouterLink} to={`${basename}${r.path}`} size="small" endIcon={<ArrowForwardIcon />}>
                        {r.label}
                      </Button>
                    ))}
                  </Stack>
                </>
              ) : null}
            </CardContent>
            <Toolbar sx={{ position: 'sticky', bottom: 0, borderTop: 1, borderColor: 'divider' }}>
              <SaveButton data-testid="settings-save" />
            </Toolbar>
          </Card>
          {preview ? <ThemePreview /> : null}
        </Box>
      </Form>
    </Edit>
  );
}

/**
 * The page for /settings/:page. Pages of their own have their own, more specific routes; a page that adds a card
 * of its own under the form names itself (`slug`) and passes the card (`after`).
 */
export function SettingsPage({ slug, after }: { slug?: string; after?: ReactNode } = {}) {
  const params = useParams();
  const page = slug ?? params.page ?? '';
  const entry = findPage(page);
  const basename = useBasename();
  if (!entry) return <Missing title="Settings">There is no settings page called “{page}”.</Missing>;
  if (!entry.settings)
    return (
      <Missing title={entry.title}>
        {entry.title} is not part of this console yet{entry.owner ? ` (planned: ${entry.owner})` : ''}.{' '}
        {entry.path ? <Link component={RouterLink} to={`${basename}${pathOf(entry)}`}>Open it</Link> : null}
      </Missing>
    );
  return (
    <PageGuard page={SETTINGS_FORM_PAGE} title={entry.title} listTitle>
      {/* A new form per page: switching pages never carries one page's edits into another. */}
      <SettingsForm key={entry.slug} entry={entry} />
      {after ? <Box sx={{ maxWidth: 760, mt: 2, mb: 4 }}>{after}</Box> : null}
    </PageGuard>
  );
}
