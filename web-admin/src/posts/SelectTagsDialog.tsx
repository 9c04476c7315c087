// The Select Tags dialog: search, a checkbox list with Edit and Delete per tag, Create New Tag,
// Update. The Add/Update Tag modal has a name field and Save. Empty list: 'No Tags Available'.
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { usePermissions } from 'react-admin';
import { normaliseTagName, TAG_MESSAGES, TAG_NAME_MAX, tagNameProblem, type FeedTagView } from '../../../domain/feed-tag/feed-tag';
import { mayCall } from '../access';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { deleteTag, listTags, saveTag } from './postApi';
import { errorText, useSay } from './parts';

export function SelectTagsDialog({
  open,
  selected,
  onClose,
  onUpdate,
  busy = false,
  title = 'Select Tags',
  note,
}: {
  open: boolean;
  selected: readonly string[];
  onClose: () => void;
  /** The chosen ids (and the tags, for their names). May return a promise: the dialog waits. */
  onUpdate: (ids: string[], tags: FeedTagView[]) => void | Promise<unknown>;
  busy?: boolean;
  title?: string;
  /** A notice above the list. */
  note?: string;
}) {
  const say = useSay();
  const { permissions } = usePermissions();
  const mayEdit = mayCall(permissions, 'POST /api/feed-tags/add-or-update');
  const mayDelete = mayCall(permissions, 'DELETE /api/feed-tags/delete/:id');
  const fullScreen = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
  const [tags, setTags] = useState<FeedTagView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>([...selected]);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<FeedTagView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FeedTagView | null>(null);
  const [working, setWorking] = useState(false);

  const load = () => {
    setLoadError(null);
    listTags()
      .then(setTags)
      .catch(e => setLoadError(errorText(e, 'Something went wrong')));
  };
  useEffect(() => {
    if (!open) return;
    setChosen([...selected]);
    setSearch('');
    setTags(null);
    load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const visible = useMemo(() => {
    const q = normaliseTagName(search);
    return (tags ?? []).filter(t => !q || t.slug.includes(q) || t.name.toLowerCase().includes(q));
  }, [tags, search]);

  const toggle = (id: string) => setChosen(c => (c.includes(id) ? c.filter(x => x !== id) : [...c, id]));

  const update = async () => {
    setWorking(true);
    try {
      await onUpdate(
        chosen.filter(id => (tags ?? []).some(t => t._id === id)),
        (tags ?? []).filter(t => chosen.includes(t._id))
      );
    } finally {
      setWorking(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setWorking(true);
    try {
      const r = await deleteTag(deleting._id);
      setTags(r.tags);
      setChosen(c => c.filter(id => id !== deleting._id));
      say(r.message || TAG_MESSAGES.deleted, 'success');
      setDeleting(null);
    } catch (e) {
      say(errorText(e, 'Something went wrong'), 'error');
    } finally {
      setWorking(false);
    }
  };

  const disabled = busy || working;

  return (
    <>
      <Dialog open={open} onClose={disabled ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="select-tags-title" data-testid="select-tags-dialog">
        <DialogTitle id="select-tags-title">{title}</DialogTitle>
        <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
          {note ? (
            <Alert severity="info" sx={{ mb: 1.5 }}>
              {note}
            </Alert>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 1.5 }}>
            <TextField
              size="small"
              placeholder="Search tags"
              value={search}
              onChange={e => setSearch(e.target.value)}
              fullWidth
              slotProps={{
                input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
                htmlInput: { 'aria-label': 'Search tags', 'data-testid': 'tag-search' },
              }}
            />
            {mayEdit ? (
              <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={disabled} sx={{ flexShrink: 0 }} data-testid="tag-create">
                Create New Tag
              </Button>
            ) : null}
          </Stack>
          {loadError ? (
            <Alert severity="error" action={<Button color="inherit" size="small" onClick={load}>Retry</Button>}>
              {loadError}
            </Alert>
          ) : tags === null ? (
            <Box aria-busy="true" aria-label="Loading tags">
              {[0, 1, 2, 3].map(i => (
                <Skeleton key={i} height={44} />
              ))}
            </Box>
          ) : visible.length === 0 ? (
            <Stack sx={{ alignItems: 'center', py: 4, color: 'text.secondary' }} spacing={1} data-testid="tags-empty">
              <LocalOfferOutlinedIcon />
              <Typography>{TAG_MESSAGES.noTags}</Typography>
            </Stack>
          ) : (
            <List dense disablePadding sx={{ maxHeight: { sm: 360 }, overflowY: 'auto' }} data-testid="tag-list">
              {visible.map(tag => (
                <ListItem
                  key={tag._id}
                  disablePadding
                  secondaryAction={
                    <Stack direction="row">
                      {mayEdit ? (
                        <Tooltip title="Edit">
                          <IconButton edge="end" aria-label={`Edit ${tag.name}`} onClick={() => setEditing(tag)} disabled={disabled} size="small">
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                      {mayDelete ? (
                        <Tooltip title="Delete">
                          <IconButton edge="end" aria-label={`Delete ${tag.name}`} onClick={() => setDeleting(tag)} disabled={disabled} size="small" sx={{ ml: 0.5 }}>
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      ) : null}
                    </Stack>
                  }
                >
                  <ListItemButton onClick={() => toggle(tag._id)} disabled={disabled} sx={{ pr: 11 }}>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <Checkbox edge="start" checked={chosen.includes(tag._id)} tabIndex={-1} disableRipple inputProps={{ 'aria-label': tag.name }} />
                    </ListItemIcon>
                    <ListItemText primary={tag.name} secondary={typeof tag.count === 'number' ? `${tag.count} post${tag.count === 1 ? '' : 's'}` : undefined} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
            {chosen.length} selected
          </Typography>
          <Button onClick={onClose} disabled={disabled}>
            Cancel
          </Button>
          <Button variant="contained" onClick={update} disabled={disabled || tags === null} data-testid="tags-update" startIcon={disabled ? <CircularProgress size={16} color="inherit" /> : undefined}>
            Update
          </Button>
        </DialogActions>
      </Dialog>
      <TagModal
        tag={editing}
        onClose={() => setEditing(null)}
        onSaved={(all, tag, isNew) => {
          setTags(all);
          if (isNew && tag) setChosen(c => [...c, tag._id]);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete tag"
        content={TAG_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        danger
        loading={working}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
        testId="tag-delete-dialog"
      />
    </>
  );
}

/** Add/Update Tag modal: a name (at most 30 characters, lower-cased) and Save. */
function TagModal({
  tag,
  onClose,
  onSaved,
}: {
  tag: FeedTagView | 'new' | null;
  onClose: () => void;
  onSaved: (all: FeedTagView[], tag: FeedTagView | null, isNew: boolean) => void;
}) {
  const say = useSay();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const isNew = tag === 'new';
  useEffect(() => {
    setName(tag && tag !== 'new' ? tag.name : '');
    setError(null);
  }, [tag]);

  const save = async () => {
    const problem = tagNameProblem(name);
    if (problem) return setError(problem);
    setSaving(true);
    try {
      const r = await saveTag(name, isNew ? undefined : (tag as FeedTagView)._id);
      say(r.message || (isNew ? TAG_MESSAGES.added : TAG_MESSAGES.updated), 'success');
      onSaved(r.tags, r.tag, isNew);
    } catch (e) {
      setError(errorText(e, 'Something went wrong'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={tag !== null} onClose={saving ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="tag-modal-title" data-testid="tag-modal">
      <DialogTitle id="tag-modal-title">{isNew ? 'Add Tag' : 'Update Tag'}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          label="Name"
          value={name}
          onChange={e => {
            setName(e.target.value);
            setError(null);
          }}
          onKeyDown={e => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            }
          }}
          error={Boolean(error)}
          helperText={error ?? 'Saved in lower case.'}
          fullWidth
          margin="dense"
          disabled={saving}
          slotProps={{ htmlInput: { maxLength: TAG_NAME_MAX, 'data-testid': 'tag-name' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={saving} data-testid="tag-save">
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The chosen tags as chips, with a button opening the dialog. */
export function TagChips({
  tags,
  onOpen,
  onRemove,
  disabled,
}: {
  tags: readonly { _id: string; name: string }[];
  onOpen: () => void;
  onRemove?: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }} data-testid="tag-chips">
      {tags.map(t => (
        <Chip key={t._id} label={t.name} size="small" onDelete={onRemove && !disabled ? () => onRemove(t._id) : undefined} />
      ))}
      <Button size="small" startIcon={<LocalOfferOutlinedIcon />} onClick={onOpen} disabled={disabled} data-testid="tags-open">
        {tags.length ? 'Change tags' : 'Select Tags'}
      </Button>
    </Stack>
  );
}
