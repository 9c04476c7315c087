// Saved replies in the chat composer (domain/chat/saved-reply.ts): a button lists them (a click inserts one), "/"
// and part of a name in the input offers the matching ones, and a dialog adds, edits and deletes them. Shown only
// to the roles the route table lets read them.
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, IconButton, List, ListItemButton, ListItemText, Menu, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import QuickreplyOutlinedIcon from '@mui/icons-material/QuickreplyOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { replyNameProblem, replyTextProblem, type SavedReplyView } from '../../../domain/chat/saved-reply';
import { api, ApiRequestError } from '../api';
import { useSay } from '../posts/parts';

export const SAVED_REPLY_ROUTES = {
  list: 'GET /api/chat/saved-replies',
  create: 'POST /api/chat/saved-replies',
  update: 'PUT /api/chat/saved-replies/:id',
  remove: 'DELETE /api/chat/saved-replies/:id',
} as const;

const savedRepliesApi = {
  list: async () => (await api<{ items: SavedReplyView[] }>('/api/chat/saved-replies')).data.items,
  save: async (reply: { _id?: string; name: string; text: string }) => {
    const body = { name: reply.name, text: reply.text };
    const r = reply._id ? await api<SavedReplyView>(`/api/chat/saved-replies/${encodeURIComponent(reply._id)}`, { method: 'PUT', body }) : await api<SavedReplyView>('/api/chat/saved-replies', { body });
    return r.message;
  },
  remove: async (id: string) => (await api<{ items: SavedReplyView[] }>(`/api/chat/saved-replies/${encodeURIComponent(id)}`, { method: 'DELETE' })).message,
};

/** The site's saved replies, read when the composer opens and after each change here. */
export function useSavedReplies(enabled: boolean) {
  const [items, setItems] = useState<SavedReplyView[]>([]);
  const refresh = useCallback(() => {
    if (!enabled) return;
    savedRepliesApi.list().then(setItems, () => undefined);
  }, [enabled]);
  useEffect(refresh, [refresh]);
  return { items, refresh };
}

/** The composer's button: the replies (a click inserts one) and "Manage saved replies". */
export function SavedRepliesButton({ items, onInsert, onManage }: { items: SavedReplyView[]; onInsert: (text: string) => void; onManage: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title="Saved replies">
        <IconButton aria-label="Saved replies" onClick={e => setAnchor(e.currentTarget)} data-testid="saved-replies-button" sx={{ mb: 0.25 }}>
          <QuickreplyOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { maxWidth: 360, maxHeight: 360 } } }} data-testid="saved-replies-menu">
        {items.length === 0 ? (
          <MenuItem disabled>
            <Typography variant="body2">No saved replies yet.</Typography>
          </MenuItem>
        ) : null}
        {items.map(r => (
          <MenuItem
            key={r._id}
            onClick={() => {
              setAnchor(null);
              onInsert(r.text);
            }}
            data-testid="saved-reply-item"
          >
            <ListItemText primary={`/${r.name}`} secondary={r.text} slotProps={{ secondary: { noWrap: true } }} sx={{ minWidth: 0 }} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onManage();
          }}
          data-testid="saved-replies-manage"
        >
          Manage saved replies…
        </MenuItem>
      </Menu>
    </>
  );
}

/** The replies matching "/name" typed in the input, above it; a click (or Enter, for the first) inserts one. */
export function ReplySuggestions({ items, onPick }: { items: SavedReplyView[]; onPick: (r: SavedReplyView) => void }) {
  return (
    <Paper elevation={4} sx={{ position: 'absolute', bottom: '100%', left: 8, right: 8, mb: 0.5, maxHeight: 240, overflowY: 'auto', zIndex: 2 }} data-testid="saved-reply-suggestions">
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          No saved reply by that name.
        </Typography>
      ) : (
        <List dense disablePadding>
          {items.map((r, i) => (
            <ListItemButton key={r._id} selected={i === 0} onMouseDown={e => e.preventDefault()} onClick={() => onPick(r)} data-testid="saved-reply-suggestion">
              <ListItemText primary={`/${r.name}`} secondary={r.text} slotProps={{ secondary: { noWrap: true } }} sx={{ minWidth: 0 }} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}

const emptyForm = { _id: undefined as string | undefined, name: '', text: '' };

/** Add, edit and delete saved replies. */
export function SavedRepliesDialog({ open, onClose, items, onChanged }: { open: boolean; onClose: () => void; items: SavedReplyView[]; onChanged: () => void }) {
  const say = useSay();
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<{ name?: string; text?: string }>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const found = { name: replyNameProblem(form.name), text: replyTextProblem(form.text) };
    setErrors(found);
    if (found.name || found.text) return;
    setBusy(true);
    try {
      say((await savedRepliesApi.save(form)) ?? 'Saved.', 'success');
      setForm(emptyForm);
      onChanged();
    } catch (e) {
      const message = e instanceof ApiRequestError ? e.message : 'The saved reply could not be saved.';
      if (e instanceof ApiRequestError && (e.field === 'name' || e.field === 'text')) setErrors({ [e.field]: message });
      else say(message, 'error');
    } finally {
      setBusy(false);
    }
  };
  const remove = async (r: SavedReplyView) => {
    if (!window.confirm(`Delete the saved reply /${r.name}?`)) return;
    try {
      say((await savedRepliesApi.remove(r._id)) ?? 'Deleted.', 'success');
      if (form._id === r._id) setForm(emptyForm);
      onChanged();
    } catch (e) {
      say(e instanceof ApiRequestError ? e.message : 'The saved reply could not be deleted.', 'error');
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="saved-replies-title" data-testid="saved-replies-dialog">
      <DialogTitle id="saved-replies-title">Saved replies</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            Type “/” and the name in the chat to insert one, or pick it from the saved replies button.
          </Typography>
          <TextField label="Name" size="small" value={form.name} onChange={e => setForm(f => ({ ...f, name: e.target.value }))} error={Boolean(errors.name)} helperText={errors.name ?? 'Letters, digits, - and _; e.g. thanks'} disabled={busy} slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'saved-reply-name' } }} />
          <TextField label="Text" size="small" multiline minRows={2} maxRows={6} value={form.text} onChange={e => setForm(f => ({ ...f, text: e.target.value }))} error={Boolean(errors.text)} helperText={errors.text} disabled={busy} slotProps={{ htmlInput: { 'data-testid': 'saved-reply-text' } }} />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {form._id ? (
              <Button onClick={() => setForm(emptyForm)} disabled={busy}>
                Cancel edit
              </Button>
            ) : null}
            <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="saved-reply-save">
              {form._id ? 'Save changes' : 'Add saved reply'}
            </Button>
          </Stack>
          <Divider />
          {items.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ py: 1 }} data-testid="saved-replies-empty">
              No saved replies yet.
            </Typography>
          ) : (
            <List dense disablePadding data-testid="saved-replies-list">
              {items.map(r => (
                <Box key={r._id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }} data-testid="saved-reply-row">
                  <ListItemText primary={`/${r.name}`} secondary={r.text} slotProps={{ secondary: { noWrap: true } }} sx={{ minWidth: 0, flex: 1 }} />
                  <IconButton aria-label={`Edit /${r.name}`} size="small" onClick={() => setForm({ _id: r._id, name: r.name, text: r.text })}>
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Delete /${r.name}`} size="small" onClick={() => void remove(r)}>
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Box>
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="saved-replies-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
