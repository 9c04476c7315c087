// The library's selection bar: how many items are chosen, Clear, and on the Content Manager page the actions on
// them (assign to a category, take out of the open category, delete) as the role may; the picker adds its buttons.
import type { ReactNode } from 'react';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FolderOffOutlinedIcon from '@mui/icons-material/FolderOffOutlined';

export function SelectionBar({
  small,
  manage,
  may,
  ownCategoryOpen,
  count,
  busy,
  onClear,
  onAssign,
  onTakeOut,
  onDelete,
  extra,
}: {
  small: boolean;
  manage: boolean;
  /** Whether the role may call a route (and the browser manages). */
  may: (route: string) => boolean;
  ownCategoryOpen: boolean;
  count: number;
  busy: boolean;
  onClear: () => void;
  onAssign: () => void;
  onTakeOut: () => void;
  onDelete: () => void;
  /** Extra controls beside the selection count (the picker's buttons). */
  extra?: ReactNode;
}) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: { xs: 1, sm: 2 }, py: 1, minHeight: 48 }}
      data-testid="library-selection"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} data-testid="library-selected-count">
        {count ? `${count} selected` : small ? '' : manage ? 'Select media to assign or delete' : 'Select media'}
      </Typography>
      {count ? (
        <Button size="small" onClick={onClear}>
          Clear
        </Button>
      ) : null}
      {manage && may('POST /api/media/add-media-from-category') ? (
        <Action small={small} icon={<CreateNewFolderOutlinedIcon />} label="Assign to category" disabled={!count} onClick={onAssign} testId="library-assign" />
      ) : null}
      {manage && ownCategoryOpen && may('POST /api/media/remove-media-from-category') ? (
        <Action small={small} icon={<FolderOffOutlinedIcon />} label="Remove from category" disabled={!count || busy} onClick={onTakeOut} testId="library-take-out" />
      ) : null}
      {manage && may('POST /api/media/remove-media') ? (
        <Action small={small} icon={<DeleteOutlineIcon />} label="Delete" danger disabled={!count} onClick={onDelete} testId="library-delete" />
      ) : null}
      {extra}
    </Box>
  );
}

/** A selection action: an outlined button with its label, or on phones an icon with a tooltip. */
function Action({ small, icon, label, danger = false, disabled, onClick, testId }: { small: boolean; icon: ReactNode; label: string; danger?: boolean; disabled: boolean; onClick: () => void; testId: string }) {
  if (small)
    return (
      <Tooltip title={label}>
        <span>
          <IconButton size="small" aria-label={label} color={danger ? 'error' : 'primary'} disabled={disabled} onClick={onClick} data-testid={testId}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  return (
    <Button size="small" variant="outlined" color={danger ? 'error' : 'primary'} startIcon={icon} disabled={disabled} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
