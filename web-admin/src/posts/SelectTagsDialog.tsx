// The Select Tags dialog: search, a checkbox list with Edit and Delete per tag, Create New Tag,
// Update. The Add/Update Tag modal has a name field and Save. Empty list: 'No Tags Available'.
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
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
import { normaliseTagName, TAG_MESSAGES, type FeedTagView } from '../../../domain/feed-tag/feed-tag';
import { mayCall } from '../access';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useLiveQuery, useQueryClient } from '../query';
import { deleteTag, listTags } from './postApi';
import { TagModal } from './TagModal';
import { errorText, useSay } from './parts';

/** The feed tags in the read cache: the dialog's list, which a save or a delete replaces with the server's. */
const FEED_TAGS_KEY = ['feed-tags'] as const;

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
  const client = useQueryClient();
  const read = useLiveQuery(FEED_TAGS_KEY, listTags, { enabled: open });
  const tags = read.data ?? null;
  const loadError = read.data === undefined && read.error && !read.isFetching ? errorText(read.error, 'Something went wrong') : null;
  const setTags = (all: FeedTagView[]) => client.setQueryData(FEED_TAGS_KEY, all);
  const [chosen, setChosen] = useState<string[]>([...selected]);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<FeedTagView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FeedTagView | null>(null);
  const [working, setWorking] = useState(false);

  const load = () => void read.refetch();
  // Each opening starts from the caller's choice.
  useEffect(() => {
    if (!open) return;
    setChosen([...selected]);
    setSearch('');
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
