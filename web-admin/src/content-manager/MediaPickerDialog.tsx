import { useEffect, useState } from 'react';
import { Box, Button, Dialog, DialogTitle, IconButton, Typography, useMediaQuery } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { LibraryMediaRecord } from '../../../domain/media/wire';
import { LibraryBrowser, SMALL_SCREEN } from './LibraryBrowser';

export interface MediaPickerDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * The chosen items, in the order they were picked. Library records are the console's media records with
   * their categories (`size` only for admins); declared as a method so a handler typed with AdminMediaRecord[]
   * fits too.
   */
  onSelect(media: LibraryMediaRecord[]): void;
  /** Several items (up to `max`), or exactly one (a new pick replaces the old). */
  multiple: boolean;
  max?: number;
  /** 'Select Media' or 'Select Preview'. */
  title: string;
}

/** Chooses media from the library (the Content Manager as a popup picker), for the post composer and others. */
export function MediaPickerDialog({ open, onClose, onSelect, multiple, max, title }: MediaPickerDialogProps) {
  const small = useMediaQuery(SMALL_SCREEN, { noSsr: true });
  const [selected, setSelected] = useState<LibraryMediaRecord[]>([]);
  const [limitHit, setLimitHit] = useState(false);
  const limit = multiple ? max : 1;

  useEffect(() => {
    if (open) {
      setSelected([]);
      setLimitHit(false);
    }
  }, [open]);

  const toggle = (item: LibraryMediaRecord) => {
    if (selected.some(m => m.id === item.id)) {
      setSelected(selected.filter(m => m.id !== item.id));
      setLimitHit(false);
    } else if (!multiple) setSelected([item]);
    else if (limit !== undefined && selected.length >= limit) setLimitHit(true);
    else setSelected([...selected, item]);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={small}
      fullWidth
      maxWidth="lg"
      aria-labelledby="media-picker-title"
      data-testid="media-picker"
      slotProps={{ paper: { sx: { height: small ? '100%' : 'min(860px, calc(100% - 64px))' } } }}
    >
      <DialogTitle id="media-picker-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1.5 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {title}
        </Box>
        <IconButton aria-label="Close" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Box sx={{ flex: 1, minHeight: 0, borderTop: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column' }}>
        <LibraryBrowser
          manage={false}
          firstStep="media"
          selected={selected}
          onToggle={toggle}
          onClearSelection={() => setSelected([])}
          selectionBar={
            <>
              {limitHit && limit !== undefined ? (
                <Typography variant="caption" color="error" data-testid="media-picker-limit">
                  maximum {limit} images allowed
                </Typography>
              ) : null}
              <Button size="small" onClick={onClose}>
                Cancel
              </Button>
              <Button
                size="small"
                variant="contained"
                disabled={selected.length === 0}
                onClick={() => onSelect(selected)}
                data-testid="media-picker-select"
              >
                {selected.length > 1 ? `Select ${selected.length}` : 'Select'}
              </Button>
            </>
          }
        />
      </Box>
    </Dialog>
  );
}
