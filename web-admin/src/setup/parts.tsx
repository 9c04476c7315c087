// The setup wizard's shared pieces: a step's props, its heading, its Back / Skip / save row, and saving with the
// server's message shown.
import { useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { SiteRecord } from './api';

export type StepResult = 'saved' | 'skipped';
export interface StepProps {
  site: SiteRecord;
  onSite: (site: SiteRecord) => void;
  onDone: (result: StepResult) => void;
  onBack: (() => void) | null;
}

export const errorText = (e: unknown) => (e as Error)?.message || 'Something went wrong';

/** Back, Skip and the step's save, under every step (full width and stacked on a phone). */
export function StepActions({ onBack, onSkip, onSave, busy, saveLabel = 'Save and continue', disabled }: { onBack: (() => void) | null; onSkip: () => void; onSave: () => void; busy: boolean; saveLabel?: string; disabled?: boolean }) {
  return (
    <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
      {onBack ? (
        <Button onClick={onBack} disabled={busy} data-testid="setup-back" sx={{ mr: { sm: 'auto !important' } }}>
          Back
        </Button>
      ) : null}
      <Button onClick={onSkip} disabled={busy} data-testid="setup-skip">
        Skip
      </Button>
      <Button variant="contained" onClick={onSave} disabled={busy || disabled} data-testid="setup-save" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
        {saveLabel}
      </Button>
    </Stack>
  );
}

export function StepIntro({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h6" component="h2" data-testid="setup-step-title">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {children}
      </Typography>
    </Box>
  );
}

export function useSaving() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

