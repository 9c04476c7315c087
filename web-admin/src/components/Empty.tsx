// The empty state of a panel or table: one muted, centred line.
import type { ReactNode } from 'react';
import { Typography } from '@mui/material';

export const Empty = ({ children, testId }: { children: ReactNode; testId: string }) => (
  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid={testId}>{children}</Typography>
);
