import { useMemo, useState } from 'react';
import {
  Alert, Box, Button, CircularProgress, Divider, IconButton, InputAdornment, List, ListItem, ListItemButton, ListItemIcon, ListItemText,
  TextField, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import PermMediaOutlinedIcon from '@mui/icons-material/PermMediaOutlined';
import SearchIcon from '@mui/icons-material/Search';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import type { MediaCategoryRecord } from '../../../domain/media/wire';
import { ALL_MEDIA, CATEGORY_MESSAGES, countLabel } from '../../../domain/category/category';

/** '12 photos · 1.2K videos', or the spec's 'Empty' for a category with no counts. */
export function countsText(c: Pick<MediaCategoryRecord, 'photo_count' | 'video_count'>): string {
  if (c.photo_count + c.video_count === 0) return CATEGORY_MESSAGES.emptyCategory;
  const part = (n: number, one: string) => `${countLabel(n)} ${one}${n === 1 ? '' : 's'}`;
  return [c.photo_count ? part(c.photo_count, 'photo') : null, c.video_count ? part(c.video_count, 'video') : null].filter(Boolean).join(' · ');
}

/** The category list: search, the two reserved categories, then the creator's own with edit and delete. */
export function CategoryPanel({
  categories,
  error,
  activeId,
  onOpen,
  manage,
  onAdd,
  onEdit,
  onDelete,
  onRetry,
  showChevrons = false,
}: {
  categories: MediaCategoryRecord[] | null;
  error: string | null;
  activeId: string;
  onOpen: (id: string) => void;
  manage: boolean;
  onAdd?: () => void;
  onEdit?: (c: MediaCategoryRecord) => void;
  onDelete?: (c: MediaCategoryRecord) => void;
  onRetry: () => void;
  /** Small screens: a row leads to the media step. */
  showChevrons?: boolean;
}) {
  const [search, setSearch] = useState('');
  const { reserved, own } = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = categories ?? [];
    return {
      reserved: all.filter(c => c.reserved),
      own: all.filter(c => !c.reserved && (!q || c.name.toLowerCase().includes(q))),
    };
  }, [categories, search]);
  const ownTotal = (categories ?? []).filter(c => !c.reserved).length;

  const row = (c: MediaCategoryRecord) => (
    <ListItem
      key={c.id}
      disablePadding
      data-testid="category-row"
      data-category={c.name}
      secondaryAction={
        manage && !c.reserved ? (
          <Box sx={{ display: 'flex' }}>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${c.name}`} onClick={() => onEdit?.(c)} data-testid="category-edit">
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" aria-label={`Delete ${c.name}`} onClick={() => onDelete?.(c)} data-testid="category-delete">
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ) : showChevrons ? (
          <ChevronRightIcon color="action" sx={{ pointerEvents: 'none' }} />
        ) : undefined
      }
    >
      <ListItemButton
        selected={!showChevrons && c.id === activeId}
        onClick={() => onOpen(c.id)}
        sx={{ pr: manage && !c.reserved ? 10 : showChevrons ? 6 : 2, borderRadius: 1 }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          {c.id === ALL_MEDIA.id ? <PermMediaOutlinedIcon fontSize="small" /> : c.reserved ? <StarBorderIcon fontSize="small" /> : <FolderOutlinedIcon fontSize="small" />}
        </ListItemIcon>
        <ListItemText
          primary={c.name}
          secondary={<span data-testid="category-counts">{countsText(c)}</span>}
          slotProps={{ primary: { noWrap: true, title: c.name }, secondary: { noWrap: true } }}
        />
      </ListItemButton>
    </ListItem>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }} data-testid="category-panel">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 1.5, pb: 1 }}>
        <TextField
          size="small"
          fullWidth
          placeholder="Search categories"
          value={search}
          onChange={e => setSearch(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search categories', 'data-testid': 'category-search' },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          }}
        />
        {manage ? (
          <Tooltip title="Add category">
            <Button variant="contained" onClick={onAdd} aria-label="Add category" data-testid="category-add" sx={{ minWidth: 0, px: 1.25, flexShrink: 0 }}>
              <AddIcon />
            </Button>
          </Tooltip>
        ) : null}
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: 1, pb: 1 }}>
        {error ? (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={onRetry}>Retry</Button>}>
            {error}
          </Alert>
        ) : categories === null ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={24} aria-label="Loading categories" />
          </Box>
        ) : (
          <List dense disablePadding aria-label="Categories">
            {reserved.map(row)}
            <Divider sx={{ my: 1 }} />
            {own.map(row)}
            {own.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }} data-testid="category-none">
                {ownTotal === 0 ? CATEGORY_MESSAGES.noCategories : 'No matching category'}
              </Typography>
            ) : null}
          </List>
        )}
      </Box>
    </Box>
  );
}
