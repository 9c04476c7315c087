import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

interface Toast {
  id: number;
  message: string;
  severity: AlertColor;
}

type Notify = (message: string, severity?: AlertColor) => void;

/** Where a toast's top edge sits (under the top bar). */
const TOAST_TOP = { xs: 72, sm: 80 } as const;
/** Just below a one-line toast (a filled Alert is 48 px high): what sits there stays visible while a toast shows. */
export const BELOW_TOASTS = { xs: TOAST_TOP.xs + 56, sm: TOAST_TOP.sm + 56 } as const;

const NotifyContext = createContext<Notify>(() => undefined);

/** One toast at a time, at the top so it never hides the bottom navigation. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((message, severity = 'info') => {
    setToast({ id: Date.now(), message, severity });
    setOpen(true);
  }, []);

  const value = useMemo(() => notify, [notify]);

  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Snackbar
        key={toast?.id}
        open={open}
        autoHideDuration={toast?.severity === 'error' ? 8000 : 5000}
        onClose={(_e, reason) => reason !== 'clickaway' && setOpen(false)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        sx={{ top: TOAST_TOP }}
      >
        <Alert
          onClose={() => setOpen(false)}
          severity={toast?.severity ?? 'info'}
          variant="filled"
          sx={{ width: '100%', whiteSpace: 'pre-line', maxWidth: 560 }}
          data-testid="toast"
        >
          {toast?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
