// The toast itself (./notify shows it): a filled alert at the top, under the top bar, so it never hides the bottom
// navigation. Loaded with the first toast, so the snackbar parts stay out of the first load.
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TOAST_TOP } from './toastPlace';


export interface ToastView {
  id: number;
  message: string;
  severity: AlertColor;
}

export default function Toast({ toast, open, onClose }: { toast: ToastView | null; open: boolean; onClose: () => void }) {
  return (
    <Snackbar
      key={toast?.id}
      open={open}
      autoHideDuration={toast?.severity === 'error' ? 8000 : 5000}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: TOAST_TOP }}
    >
      <Alert onClose={onClose} severity={toast?.severity ?? 'info'} variant="filled" sx={{ width: '100%', whiteSpace: 'pre-line', maxWidth: 560 }} data-testid="toast">
        {toast?.message}
      </Alert>
    </Snackbar>
  );
}
