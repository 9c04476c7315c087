import { useEffect, useState } from 'react';
import { Autocomplete, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import type { MediaCategoryRecord } from '../../../domain/media/wire';
import { CATEGORY_MESSAGES } from '../../../domain/category/category';

/** Picks one of the creator's categories (never All Media or Preview) for the selected media. */
export function AssignDialog({
  open,
  count,
  categories,
  busy,
  onClose,
  onAssign,
}: {
  open: boolean;
  count: number;
  categories: MediaCategoryRecord[];
  busy: boolean;
  onClose: () => void;
  onAssign: (category: MediaCategoryRecord) => void;
}) {
  const [choice, setChoice] = useState<MediaCategoryRecord | null>(null);
  useEffect(() => {
    if (open) setChoice(null);
  }, [open]);
  const options = categories.filter(c => !c.reserved);
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="assign-dialog-title" data-testid="assign-dialog">
      <DialogTitle id="assign-dialog-title">Assign to category</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {count === 1 ? '1 item selected.' : `${count} items selected.`} It keeps the categories it is already in.
        </DialogContentText>
        <Autocomplete
          options={options}
          value={choice}
          onChange={(_e, v) => setChoice(v)}
          getOptionLabel={o => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={CATEGORY_MESSAGES.noCategoryToPick}
          renderInput={params => <TextField {...params} label="Category" autoFocus />}
          data-testid="assign-category"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!choice || busy}
          onClick={() => choice && onAssign(choice)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="assign-confirm"
        >
          Assign
        </Button>
      </DialogActions>
    </Dialog>
  );
}
