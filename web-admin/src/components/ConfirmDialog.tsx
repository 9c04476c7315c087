import type { ReactNode } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** A small yes/no dialog; `testId` marks the dialog, its buttons get `-confirm` / `-cancel`. */
export function ConfirmDialog({
  open,
  title,
  content,
  confirmLabel = 'Confirm',
  danger = false,
  loading = false,
  onConfirm,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  content: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} data-testid={testId} aria-labelledby={`${testId}-title`} fullWidth maxWidth="xs">
      <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{content}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading} data-testid={`${testId}-cancel`}>
          Cancel
        </Button>
        <Button
          onClick={onConfirm}
          disabled={loading}
          variant="contained"
          color={danger ? 'error' : 'primary'}
          data-testid={`${testId}-confirm`}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
