import { Alert, AlertTitle, Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useBasename, usePermissions } from 'react-admin';
import { canUse } from '../access';
import { useSettings } from '../settings';

/**
 * Without SMTP_URL the site's mail (password resets, email verification) is not sent: it waits in the Outbox,
 * and fans are told to ask support for their link. Staff who can read the Outbox get a link.
 */
export function MailNotice({ spaced = false }: { spaced?: boolean }) {
  const { settings } = useSettings();
  const { permissions } = usePermissions();
  const basename = useBasename();
  if (settings.mail_delivery !== 'outbox') return null;
  const outbox = canUse(permissions, 'outbox');
  return (
    <Alert
      severity="warning"
      sx={spaced ? { mb: 2 } : undefined}
      data-testid="mail-notice"
      action={
        outbox ? (
          <Button color="inherit" size="small" component={Link} to={`${basename}/outbox`} data-testid="mail-notice-outbox">
            Open the Outbox
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>Mail is not being sent</AlertTitle>
      No mail server is set up (SMTP_URL), so password resets and email verifications wait in the Outbox.
      {outbox ? ' Hand a fan their link from there, or set SMTP_URL and restart.' : ' An admin can hand fans their links from the Outbox.'}
    </Alert>
  );
}
