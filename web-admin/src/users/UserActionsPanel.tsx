// The user page's actions: flags, nickname, email preferences and the account actions, each section shown when the
// role may do something in it.
import { Box, Typography } from '@mui/material';
import { usePermissions, useRecordContext } from 'react-admin';
import type { AdminUserRecord } from '../../../domain/user/wire';
import { mayDo } from '../access';
import { AccountSection } from './AccountSection';
import { FlagsSection } from './FlagsSection';
import { EmailPreferencesSection, NicknameSection } from './PreferenceSections';

/** Flags, nickname, email preferences and the account actions of one user. */
export function UserActionsPanel() {
  const record = useRecordContext<AdminUserRecord>();
  const { permissions } = usePermissions();
  if (!record) return null;
  const may = (a: Parameters<typeof mayDo>[1]) => mayDo(permissions, a);
  const anyFlag = may('block') || may('photoId') || may('hideFromChat') || may('muteMass');
  const anyAccount = may('complimentary') || may('proxyLogin') || may('delete');
  return (
    <Box
      sx={{ display: 'grid', gap: 2, width: '100%', minWidth: 0, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}
      data-testid="user-actions"
    >
      {anyFlag ? <FlagsSection record={record} permissions={permissions} /> : null}
      {may('nickname') ? <NicknameSection record={record} /> : null}
      {may('emailPreferences') ? <EmailPreferencesSection record={record} /> : null}
      {anyAccount ? <AccountSection record={record} permissions={permissions} /> : null}
      {!anyFlag && !anyAccount && !may('nickname') && !may('emailPreferences') ? (
        <Typography color="text.secondary">Your role has no actions on this user.</Typography>
      ) : null}
    </Box>
  );
}
