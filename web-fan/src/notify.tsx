import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AlertColor } from '@mui/material/Alert';
import type { ToastView } from './Toast';

type Notify = (message: string, severity?: AlertColor) => void;

export { BELOW_TOASTS } from './toastPlace';

// The toast's parts load with the first toast.
const Toast = lazy(() => import('./Toast'));

const NotifyContext = createContext<Notify>(() => undefined);

/** One toast at a time, at the top so it never hides the bottom navigation. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastView | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((message, severity = 'info') => {
    setToast({ id: Date.now(), message, severity });
    setOpen(true);
  }, []);

  const value = useMemo(() => notify, [notify]);

  return (
    <NotifyContext.Provider value={value}>
      {children}
      {toast && (
        <Suspense fallback={null}>
          <Toast toast={toast} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
