import type { ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';

/** Renders `small` under the `sm` breakpoint (phones, e.g. 375 px) and `large` otherwise. */
export function Responsive({ small, large }: { small: ReactNode; large: ReactNode }) {
  const isSmall = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'), { noSsr: true });
  return <>{isSmall ? small : large}</>;
}
