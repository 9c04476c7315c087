// The page editors (the console routes /admin/edit-*): the Pages list with built-in and custom pages, one
// editor per page with react-admin's rich-text input (Tiptap). The server cleans the HTML under the shared policy
// (no script, no event handlers, safe links only) and refuses a stale save (If-Match → 412) — see dataProvider.ts.
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { BooleanInput, Datagrid, DeleteButton, Edit, FunctionField, List, SaveButton, SimpleForm, TextField as RaTextField, TextInput, Toolbar, useNotify, useRecordContext, required } from 'react-admin';
import { RichTextInput } from 'ra-input-rich-text';
import { api, ApiRequestError } from '../api';
import { PageGuard } from '../promotions/PageGuard';
import { useSettings } from '../settings';
import { MAINTENANCE_PAGE, PAGES_PAGE } from './paths';

const SAVED = 'Page saved successfully.';

function EditorToolbar({ deletable }: { deletable: boolean }) {
  const record = useRecordContext<{ built_in?: boolean; is_default?: boolean }>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton data-testid="page-save" />
      {deletable && record && !(record.built_in && record.is_default) && (
        <DeleteButton mutationMode="pessimistic" label={record.built_in ? 'Restore default text' : 'Delete page'} redirect="/content-pages" confirmTitle={record.built_in ? 'Restore the default text?' : 'Delete this page?'} confirmContent="" />
      )}
    </Toolbar>
  );
}

function PageLink() {
  const record = useRecordContext<{ id: string; published: boolean }>();
  if (!record) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      Public address: <a href={`/${record.id}`} target="_blank" rel="noopener noreferrer">/{record.id}</a>
      {!record.published && ' (unpublished: visitors get the 404 page)'}
    </Typography>
  );
}

/** One page's editor; `slug` from the spec's /edit-* path, or from /content-pages/:slug. */
export function PageEditor({ slug: fixed }: { slug?: string }) {
  const params = useParams();
  const slug = fixed ?? params.slug ?? '';
  const notify = useNotify();
  return (
    <PageGuard page={PAGES_PAGE} title="Edit page" listTitle>
      <Edit
        resource="content-pages"
        id={slug}
        // PageGuard checks the page (domain/access/pages.ts); content-pages is no console resource of access.ts.
        disableAuthentication
        redirect={false}
        mutationMode="pessimistic"
        actions={false}
        title="Edit page"
        mutationOptions={{ onSuccess: () => notify(SAVED, { type: 'success' }), onError: (e) => notify((e as Error)?.message || 'The page could not be saved.', { type: 'error' }) }}
        sx={{ maxWidth: 980, '& .RaEdit-card': { minWidth: 0 } }}
      >
        <SimpleForm toolbar={<EditorToolbar deletable />} data-testid={`page-editor-${slug}`}>
          <PageLink />
          <TextInput source="title" validate={required('Please enter a title.')} fullWidth />
          <RichTextInput source="html" label="Text" fullWidth sx={{ '& .ProseMirror': { minHeight: 320 } }} />
          <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
            <BooleanInput source="published" label="Published" />
            <BooleanInput source="show_in_footer" label="Link in the footer" />
          </Stack>
        </SimpleForm>
      </Edit>
    </PageGuard>
  );
}

/** /admin/edit-maintenance-mode: the maintenance switch and page text, in the site settings. */
export function MaintenanceEditor() {
  const notify = useNotify();
  const { refresh } = useSettings();
  return (
    <PageGuard page={MAINTENANCE_PAGE} title="Maintenance mode" listTitle>
      <Edit resource="settings" id="site" redirect={false} mutationMode="pessimistic" actions={false} title="Maintenance mode"
        mutationOptions={{ onSuccess: () => { notify('update settings successfully.', { type: 'success' }); refresh().catch(() => undefined); }, onError: (e) => notify((e as Error)?.message || 'Error in update settings.', { type: 'error' }) }}
        sx={{ maxWidth: 980 }}>
        <SimpleForm data-testid="maintenance-editor">
          <Alert severity="info" sx={{ mb: 1 }}>While maintenance mode is on, everyone but admins sees this page (except on /login).</Alert>
          <BooleanInput source="maintenance_mode" label="Maintenance mode" />
          <RichTextInput source="maintenance_html" label="Maintenance page" fullWidth sx={{ '& .ProseMirror': { minHeight: 240 } }} />
        </SimpleForm>
      </Edit>
    </PageGuard>
  );
}

function NewPageForm() {
  const navigate = useNavigate();
  const [slug, setSlug] = useState('');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<{ slug?: string; title?: string; form?: string }>({});
  const create = async () => {
    setErrors({});
    try {
      await api('/admin-api/content-pages', { method: 'POST', body: { slug: slug.trim(), title, html: `<h2>${title.replace(/[<>&]/g, '')}</h2><p></p>`, show_in_footer: false, published: false } });
      navigate(`/content-pages/${encodeURIComponent(slug.trim())}`);
    } catch (e) {
      const body = (e as ApiRequestError).body as { field?: string; message?: string } | undefined;
      if (body?.field === 'slug' || body?.field === 'title') setErrors({ [body.field]: body.message });
      else setErrors({ form: (e as Error).message });
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>New page</Typography>
        {errors.form && <Alert severity="error" sx={{ mb: 1 }}>{errors.form}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'flex-start' }}>
          <TextField size="small" label="Address (e.g. shipping-info)" value={slug} onChange={(e) => setSlug(e.target.value.toLowerCase())} error={!!errors.slug} helperText={errors.slug ?? ' '} inputProps={{ 'data-testid': 'new-page-slug' }} />
          <TextField size="small" label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={!!errors.title} helperText={errors.title ?? ' '} inputProps={{ 'data-testid': 'new-page-title' }} />
          <Button variant="contained" onClick={create} data-testid="new-page-create">Create</Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /admin/content-pages: every page, its state and its editor. */
export function PagesList() {
  return (
    <PageGuard page={PAGES_PAGE} title="Pages" listTitle>
      <Box sx={{ mt: 1 }}>
        <NewPageForm />
        <List resource="content-pages" title="Pages" pagination={false} perPage={500} actions={false} disableSyncWithLocation disableAuthentication>
          <Datagrid bulkActionButtons={false} rowClick={(id) => `/content-pages/${encodeURIComponent(String(id))}`} data-testid="pages-list">
            <RaTextField source="title" />
            <FunctionField label="Address" render={(r: { id: string }) => `/${r.id}`} />
            <FunctionField label="State" render={(r: { published: boolean; is_default: boolean; show_in_footer: boolean }) => (
              <Stack direction="row" gap={0.5} flexWrap="wrap">
                <Chip size="small" label={r.published ? 'Published' : 'Unpublished'} color={r.published ? 'success' : 'default'} variant="outlined" />
                {r.is_default && <Chip size="small" label="Default text" variant="outlined" />}
                {r.show_in_footer && <Chip size="small" label="Footer" variant="outlined" />}
              </Stack>
            )} />
            <FunctionField label="" render={(r: { id: string }) => <Button component={RouterLink} size="small" to={`/content-pages/${encodeURIComponent(r.id)}`} onClick={(e) => e.stopPropagation()}>Edit</Button>} />
          </Datagrid>
        </List>
      </Box>
    </PageGuard>
  );
}
