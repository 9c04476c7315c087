// What the user page's action sections share: running one action, and a titled card.
import { useState, type ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';
import { useNotify, useRefresh } from 'react-admin';
import type { ActionResult } from './userApi';

/** Runs one action: shows the server's message, refreshes the record; `busy` names the running one. */
export function useRunner() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, action: () => Promise<ActionResult>, after?: () => void): Promise<boolean> => {
    setBusy(key);
    try {
      const { message } = await action();
      notify(message, { type: 'success' });
      if (after) after();
      else refresh();
      return true;
    } catch (error) {
      notify((error as Error)?.message || 'Something went wrong', { type: 'error' });
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
