import { useState } from 'react';
import { Alert, Box, Card } from '@mui/material';
import { Title, usePermissions } from 'react-admin';
import type { LibraryMediaRecord } from '../../../domain/media/wire';
import { mayOpenPage } from '../access';
import { LibraryBrowser } from './LibraryBrowser';
import { CONTENT_MANAGER_PAGE } from './paths';
import { FULL_HEIGHT_PAGE_SX } from '../components/fullHeight';

/** The Content Manager (route /admin/content-manager): the media library and its categories. */
export function ContentManagerPage() {
  const { permissions, isPending } = usePermissions();
  const [selected, setSelected] = useState<LibraryMediaRecord[]>([]);
  if (isPending) return <Title title="Content Manager" />;
  if (!mayOpenPage(permissions, CONTENT_MANAGER_PAGE))
    return (
      <Box sx={{ mt: 2 }}>
        <Title title="Content Manager" />
        <Alert severity="warning">You do not have access to this page.</Alert>
      </Box>
    );
  const toggle = (item: LibraryMediaRecord) =>
    setSelected(s => (s.some(m => m.id === item.id) ? s.filter(m => m.id !== item.id) : [...s, item]));
  return (
    <Card
      data-testid="content-manager"
      sx={{
        // The page fills the window below the app bar; the category list and the grid scroll inside it.
        ...FULL_HEIGHT_PAGE_SX,
        flexDirection: 'column',
      }}
    >
      <Title title="Content Manager" />
      <LibraryBrowser manage selected={selected} onToggle={toggle} onClearSelection={() => setSelected([])} />
    </Card>
  );
}
