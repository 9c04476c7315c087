import { useEffect, useState } from 'react';
import { Box, Button, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { useNotify, usePermissions, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { type Role, STAFF_ROLES } from '../../../domain/shared/wire';
import type { AdminUserRecord } from '../../../domain/user/wire';
import { canUse } from '../access';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { humanize } from '../components/StatusChip';

/** Roles an admin may give: the staff roles, or back to a plain user. */
export const ASSIGNABLE_ROLES: readonly Role[] = [...STAFF_ROLES, 'user'];

/** Role change (PUT /admin-api/users/:id { role }), for roles that may call it (admins). */
export function RoleEditor() {
  const record = useRecordContext<AdminUserRecord>();
  const { permissions } = usePermissions();
  const notify = useNotify();
  const refresh = useRefresh();
  const [role, setRole] = useState<Role | ''>(record?.role ?? '');
  const [confirming, setConfirming] = useState(false);
  const [update, { isPending }] = useUpdate<AdminUserRecord>();

  useEffect(() => setRole(record?.role ?? ''), [record?.role]);

  if (!record || !canUse(permissions, 'users', 'edit')) return null;
  // A proxy session's role is not something to assign.
  const choices = ASSIGNABLE_ROLES.includes(record.role) ? ASSIGNABLE_ROLES : [...ASSIGNABLE_ROLES, record.role];

  const save = () =>
    update(
      'users',
      { id: record.id, data: { role: role as Role }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify('Role updated.', { type: 'success' });
          refresh();
        },
        onError: error => {
          setConfirming(false);
          notify((error as Error)?.message || 'Something went wrong', { type: 'error' });
        },
      }
    );

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1, maxWidth: 480 }} data-testid="role-editor">
      <MuiTextField
        select
        size="small"
        label="Change role"
        value={role}
        onChange={e => setRole(e.target.value as Role)}
        sx={{ flex: '1 1 200px' }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'role-select' } as object } }}
      >
        {choices.map(r => (
          <MenuItem key={r} value={r}>
            {humanize(r)}
          </MenuItem>
        ))}
      </MuiTextField>
      <Button variant="outlined" disabled={!role || role === record.role || isPending} onClick={() => setConfirming(true)} data-testid="role-save">
        Save role
      </Button>
      <ConfirmDialog
        open={confirming}
        testId="role-dialog"
        title="Change role"
        content={
          <Typography component="span">
            Change {record.email} from <b>{humanize(record.role)}</b> to <b>{role ? humanize(role) : ''}</b>? Their console access changes at once.
          </Typography>
        }
        confirmLabel="Change role"
        loading={isPending}
        onConfirm={save}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
