// The Content Manager as a picker ('Select Media' / 'Select Preview'), loaded on first use so the composer's
// chunk stays small. The dialog itself is ../content-manager/MediaPickerDialog.tsx.
import { lazy, Suspense } from 'react';
import { CircularProgress, Dialog, DialogContent } from '@mui/material';
import type { AdminMediaRecord } from '../../../domain/media/wire';

export interface MediaPickerProps {
  open: boolean;
  onClose: () => void;
  onSelect: (media: AdminMediaRecord[]) => void;
  multiple: boolean;
  max?: number;
  title: 'Select Media' | 'Select Preview';
}

const LazyPicker = lazy(async () => ({ default: (await import('../content-manager/MediaPickerDialog')).MediaPickerDialog }));

export function MediaPicker(props: MediaPickerProps) {
  if (!props.open) return null;
  return (
    <Suspense
      fallback={
        <Dialog open onClose={props.onClose} aria-label={props.title}>
          <DialogContent sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading" />
          </DialogContent>
        </Dialog>
      }
    >
      <LazyPicker {...props} />
    </Suspense>
  );
}
