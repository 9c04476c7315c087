// The user page's flags: blocked (after a confirmation), photo ID override, hidden from chat, mass messages muted
// and the migration subscription, each as the role may change it.
import { useState } from 'react';
import { Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import type { AdminUserRecord } from '../../../domain/user/wire';
import { mayDo } from '../access';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Section, useRunner } from './actionParts';
import { MigrationFlag } from './UserExtras';
import { userActions } from './userApi';

function FlagSwitch({
  checked,
  label,
  help,
  disabled,
  onChange,
  testId,
}: {
  checked: boolean;
  label: string;
  help: string;
  disabled: boolean;
  onChange: (next: boolean) => void;
  testId: string;
}) {
  return (
    <Box sx={{ py: 0.5 }}>
      <FormControlLabel
        control={<Switch checked={checked} disabled={disabled} onChange={(_, next) => onChange(next)} slotProps={{ input: { role: 'switch', 'data-testid': testId } as object }} />}
        label={label}
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ ml: 6, mt: -0.5 }}>
        {help}
      </Typography>
    </Box>
  );
}

export function FlagsSection({ record, permissions }: { record: AdminUserRecord; permissions: unknown }) {
  const { busy, run } = useRunner();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const id = String(record.id);
  const block = (next: boolean) => run('block', () => userActions.setBlocked(id, next)).then(() => setConfirmBlock(false));
  return (
    <Section title="Flags" testId="user-flags">
      <Stack>
        {mayDo(permissions, 'block') ? (
          <FlagSwitch
            checked={record.blocked}
            label="Blocked"
            help="A blocked user cannot sign in or use the site."
            disabled={busy !== null}
            onChange={next => (next ? setConfirmBlock(true) : void block(false))}
            testId="toggle-blocked"
          />
        ) : null}
        {mayDo(permissions, 'photoId') ? (
          <FlagSwitch
            checked={record.photo_id_override}
            label="Photo ID override"
            help="Override limit access: treat the user's photo ID as accepted."
            disabled={busy !== null}
            onChange={next => void run('photoId', () => userActions.setPhotoIdOverride(id, next))}
            testId="toggle-photo-id"
          />
        ) : null}
        {mayDo(permissions, 'hideFromChat') ? (
          <FlagSwitch
            checked={record.hidden_from_chat}
            label="Hidden from chat"
            help="Leave the user out of the chat list."
            disabled={busy !== null}
            onChange={next => void run('hide', () => userActions.setHiddenFromChat(id, next))}
            testId="toggle-hidden-from-chat"
          />
        ) : null}
        {mayDo(permissions, 'muteMass') ? (
          <FlagSwitch
            checked={record.mass_messages_muted}
            label="Mass messages muted"
            help="The user receives no mass messages."
            disabled={busy !== null}
            onChange={next => void run('mute', () => userActions.setMassMessagesMuted(id, next))}
            testId="toggle-mass-muted"
          />
        ) : null}
        <MigrationFlag record={record} />
      </Stack>
      <ConfirmDialog
        open={confirmBlock}
        testId="block-dialog"
        title="Block user"
        content={`Are you sure you want to block ${record.email}? They will not be able to use the site until unblocked.`}
        confirmLabel="Block"
        danger
        loading={busy === 'block'}
        onConfirm={() => void block(true)}
        onClose={() => setConfirmBlock(false)}
      />
    </Section>
  );
}
