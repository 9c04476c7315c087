// Small pieces the admin-tools pages share: the page frame, a panel, a level chip, console paths.
import type { ReactNode } from 'react';
import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { Title, useBasename } from 'react-admin';
import { Navigate } from 'react-router-dom';
import type { HealthLevel } from '../../../domain/console/admin-tools-wire';

/** `listTitle`: the page holds a react-admin List, which sets the app bar's title itself. */
export function ToolPage({ title, intro, children, actions, testId, listTitle }: { title: string; intro?: ReactNode; children: ReactNode; actions?: ReactNode; testId: string; listTitle?: boolean }) {
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1200, minWidth: 0 }} data-testid={testId}>
      {listTitle ? null : <Title title={title} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1">{title}</Typography>
          {intro ? <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 760 }}>{intro}</Typography> : null}
        </Box>
        {actions}
      </Stack>
      {children}
    </Box>
  );
}

export function Panel({ title, children, testId, action }: { title?: string; children: ReactNode; testId?: string; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }} data-testid={testId}>
      {title ? (
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5, gap: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{title}</Typography>
          {action}
        </Stack>
      ) : null}
      {children}
    </Paper>
  );
}

const LEVEL: Record<HealthLevel, { label: string; color: 'success' | 'warning' | 'error' | 'default' }> = {
  ok: { label: 'OK', color: 'success' },
  warn: { label: 'Check', color: 'warning' },
  down: { label: 'Down', color: 'error' },
  off: { label: 'Off', color: 'default' },
};

export const LevelChip = ({ level, testId }: { level: HealthLevel; testId?: string }) => (
  <Chip size="small" label={LEVEL[level].label} color={LEVEL[level].color} variant={level === 'off' ? 'outlined' : 'filled'} data-testid={testId} />
);

/** Console paths carry the console's base (/admin): react-admin's router is not based, its links add it. */
export function useAdminPath(): (path: string) => string {
  const basename = useBasename();
  return (path: string) => `${basename}${path}`;
}

/** A redirect inside the console (the spec's paths that open an existing page). */
export function AdminNavigate({ to }: { to: string }) {
  const path = useAdminPath();
  return <Navigate to={path(to)} replace />;
}
