// Shared pieces of the site configuration pages: a settings card with its heading, and loading of /api settings.
import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Avatar, Box, Card, CardContent, CardHeader, Chip, Divider, Skeleton, Stack, Typography } from '@mui/material';
import { api } from '../api';
import { useLiveQuery, useQueryClient } from '../query';

export function ConfigCard({ icon, title, subtitle, action, children, testId }: { icon: ReactNode; title: string; subtitle?: ReactNode; action?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 2 }} data-testid={testId}>
      <CardHeader
        avatar={<Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 40, height: 40 }}>{icon}</Avatar>}
        title={<Typography variant="h6" component="h2">{title}</Typography>}
        subheader={subtitle}
        action={action}
        sx={{ alignItems: 'flex-start', '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <Divider />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The page's column: one or two cards wide, with room at the bottom on phones. */
export function ConfigColumn({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Box sx={{ maxWidth: 880, mt: 2, mb: 4, display: 'grid', gap: 2 }} data-testid={testId}>
      {children}
    </Box>
  );
}

/** A read-only fact: a label over its value. */
export function Fact({ label, value, help, testId }: { label: string; value: ReactNode; help?: string; testId?: string }) {
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">{label}</Typography>
      <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} component="div">{value}</Typography>
      {help ? <Typography variant="caption" color="text.secondary">{help}</Typography> : null}
    </Box>
  );
}

export const FactGrid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>{children}</Box>
);

export const SourceChip = ({ source }: { source: string }) => (
  <Chip size="small" label={source} color={source === 'console' ? 'primary' : source === 'environment' ? 'info' : 'default'} variant="outlined" />
);

export function LoadingCard() {
  return (
    <Stack spacing={1} sx={{ p: 2 }} aria-label="Loading">
      <Skeleton variant="text" width="40%" height={32} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
    </Stack>
  );
}

/**
 * An /api settings answer through the read cache (keyed by its path): `setData` puts a save's answer there,
 * `reload` reads it again, `setError` shows a save's failure in the page's one error line.
 */
export function useApiData<T>(path: string) {
  const client = useQueryClient();
  const query = useLiveQuery(['api', path], async (signal) => (await api<T>(path, { signal })).data);
  const [saveError, setError] = useState<string | null>(null);
  const setData = useCallback((data: T) => client.setQueryData(['api', path], data), [client, path]);
  const reload = useCallback(async () => {
    setError(null);
    await query.refetch();
  }, [query]);
  const readFailed = query.error ? (query.error as Error).message : null;
  return { data: query.data ?? null, setData, error: saveError ?? readFailed, setError, reload };
}

export const ErrorAlert = ({ error }: { error: string | null }) => (error ? <Alert severity="error" data-testid="config-error">{error}</Alert> : null);
