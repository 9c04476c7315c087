import type { ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import { Title, usePermissions } from 'react-admin';
import { mayOpenPage } from '../access';

/** A console page for the roles domain/access/pages.ts lets open it (the server checks every call again). */
/** `listTitle`: the page is a react-admin List, which sets the title itself. */
export function PageGuard({ page, title, listTitle = false, children }: { page: string; title: string; listTitle?: boolean; children: ReactNode }) {
  const { permissions, isPending } = usePermissions();
  if (isPending) return <Title title={title} />;
  if (!mayOpenPage(permissions, page))
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={title} />
        <Alert severity="warning">You do not have access to this page.</Alert>
      </Box>
    );
  return (
    <>
      {!listTitle && <Title title={title} />}
      {children}
    </>
  );
}
