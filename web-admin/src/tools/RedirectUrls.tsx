// /admin/list-redirect-url and /admin/redirect-url/:route?: short paths of the fan site (/insta) and
// the page of this site they lead to. The server accepts only same-site destinations (domain/redirect-url).
import { useState, type FormEvent } from 'react';
import { Box, Button, IconButton, InputAdornment, Link, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { DataTable, List, SearchInput, SimpleList, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { RedirectUrlRecord } from '../../../domain/console/admin-tools-wire';
import { isSameSitePath, PATH_RULE, TARGET_RULE } from '../../../domain/redirect-url/redirect-url';
import { httpClient, ADMIN_API } from '../dataProvider';
import { Responsive } from '../components/ResponsiveList';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { formatDate } from '../format';
import { useLiveQuery } from '../query';
import { Empty } from '../components/Empty';
import { Panel, ToolPage, useAdminPath } from './parts';

const Column = DataTable.Col<RedirectUrlRecord>;

export function RedirectListPage() {
  const path = useAdminPath();
  const toEdit = (_id: unknown, _r: unknown, r: RedirectUrlRecord) => path(`/redirect-url/${encodeURIComponent(r.path)}`);
  return (
    <ToolPage
      title="Redirect URLs"
      intro="A short path of your site that leads to one of its pages, e.g. /insta → /membership?from=insta. Fans who open the short path land on the page."
      testId="redirect-list-page"
      listTitle
      actions={<Button component={RouterLink} to={path('/redirect-url')} variant="contained" startIcon={<AddIcon />} data-testid="redirect-create">New redirect</Button>}
    >
      <List<RedirectUrlRecord>
        resource="redirect-urls"
        // Not a console resource: the route (domain/access/pages.ts) and the server decide who may see it.
        disableAuthentication
        title="Redirect URLs"
        disableSyncWithLocation
        sort={{ field: 'path', order: 'ASC' }}
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        actions={false}
        exporter={false}
        empty={<Empty testId="redirects-empty">No redirects yet. Make one with “New redirect”.</Empty>}
      >
        <Responsive
          small={<SimpleList<RedirectUrlRecord> primaryText={r => `/${r.path}`} secondaryText={r => `→ ${r.target}`} rowClick={toEdit as never} />}
          large={
            <DataTable<RedirectUrlRecord> bulkActionButtons={false} rowClick={toEdit as never} data-testid="redirects-table">
              <Column source="path" label="Path" render={r => `/${r.path}`} />
              <Column disableSort source="target" label="Leads to" />
              <Column disableSort source="saved_at" label="Saved" render={r => formatDate(r.saved_at)} />
              <Column disableSort label="" render={r => <DeleteRedirect record={r} />} />
            </DataTable>
          }
        />
      </List>
    </ToolPage>
  );
}

function DeleteRedirect({ record }: { record: RedirectUrlRecord }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const remove = async () => {
    setBusy(true);
    try {
      await dataProvider.delete('redirect-urls', { id: record.path, previousData: record });
      notify('Redirect deleted.', { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Tooltip title="Delete"><IconButton size="small" aria-label={`Delete /${record.path}`} onClick={e => { e.stopPropagation(); setOpen(true); }}><DeleteOutlineIcon fontSize="small" /></IconButton></Tooltip>
      <ConfirmDialog open={open} testId="redirect-delete-dialog" title="Delete redirect" content={`Fans who open /${record.path} will see the page-not-found page.`} confirmLabel="Delete" danger loading={busy} onConfirm={() => void remove()} onClose={() => setOpen(false)} />
    </>
  );
}

export function RedirectEditPage() {
  const { route } = useParams();
  const editing = route !== undefined && route !== '';
  const navigate = useNavigate();
  const notify = useNotify();
  const adminPath = useAdminPath();
  const [path, setPath] = useState(route ?? '');
  const read = useLiveQuery(['redirect-urls', route], async () => ((await httpClient(`${ADMIN_API}/redirect-urls/${encodeURIComponent(route!)}`)).json as RedirectUrlRecord).target, { enabled: editing });
  // The field as typed, else the redirect as read.
  const [typed, setTarget] = useState<string | null>(null);
  const target = typed ?? read.data ?? '';
  const [errors, setErrors] = useState<{ path?: string; target?: string }>({});
  const [busy, setBusy] = useState(false);
  const missing = editing && read.isError;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The same rule as the server's, so the field says it before a round trip.
    const t = target.trim();
    const p = path.trim().replace(/^\/+/, '').toLowerCase();
    const local = { path: !editing && !/^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/.test(p) ? PATH_RULE : undefined, target: isSameSitePath(t) ? undefined : TARGET_RULE };
    setErrors(local);
    if (local.path || local.target) return;
    setBusy(true);
    try {
      await httpClient(editing ? `${ADMIN_API}/redirect-urls/${encodeURIComponent(route!)}` : `${ADMIN_API}/redirect-urls`, { method: editing ? 'PUT' : 'POST', body: JSON.stringify(editing ? { target: t } : { path: p, target: t }) });
      notify('Redirect saved.', { type: 'success' });
      navigate(adminPath('/list-redirect-url'));
    } catch (err) {
      const body = (err as { body?: { field?: 'path' | 'target'; message?: string } }).body;
      if (body?.field === 'path' || body?.field === 'target') setErrors({ [body.field]: body.message });
      else notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  if (missing) return <ToolPage title="Redirect" testId="redirect-edit-page"><Empty testId="redirect-missing">This redirect does not exist. <Link component={RouterLink} to={adminPath('/list-redirect-url')}>Back to the list</Link></Empty></ToolPage>;
  return (
    <ToolPage title={editing ? `Redirect /${route}` : 'New redirect'} testId="redirect-edit-page">
      <Box sx={{ maxWidth: 640 }}>
        <Panel>
          <Stack component="form" spacing={2} onSubmit={submit} noValidate>
            <TextField
              label="Path" value={path} onChange={e => { setPath(e.target.value); setErrors(x => ({ ...x, path: undefined })); }} disabled={editing} required error={!!errors.path}
              helperText={errors.path ?? 'Lowercase letters, digits and dashes, e.g. insta-offer.'}
              slotProps={{ input: { startAdornment: <InputAdornment position="start">{window.location.host}/</InputAdornment> }, htmlInput: { 'data-testid': 'redirect-path' } }}
            />
            <TextField
              label="Leads to" value={target} onChange={e => { setTarget(e.target.value); setErrors(x => ({ ...x, target: undefined })); }} required error={!!errors.target}
              helperText={errors.target ?? 'A page of this site starting with /, e.g. /membership or /feed/… Other sites are not allowed.'}
              slotProps={{ htmlInput: { 'data-testid': 'redirect-target' } }}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={busy} data-testid="redirect-save">Save</Button>
              <Button component={RouterLink} to={adminPath('/list-redirect-url')}>Cancel</Button>
            </Stack>
            <Typography variant="caption" color="text.secondary">Pages of the site (/login, /membership, …) cannot be used as a path.</Typography>
          </Stack>
        </Panel>
      </Box>
    </ToolPage>
  );
}
