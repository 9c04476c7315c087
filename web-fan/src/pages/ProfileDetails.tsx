// The profile's details card: avatar, name and role, email (with a pending change to verify, resend or dismiss),
// photo ID status and email notifications.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditRounded from '@mui/icons-material/EditRounded';
import type { MeView } from '../../../domain/user/wire';
import { isMember } from '../format';
import { useMayOpen } from '../components/Guard';
import { WaitNotice, useChangeEmailActions } from '../components/EmailResend';
import { NO_MAIL_SERVER, useMailWaitsInOutbox } from '../mailDelivery';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  );
}

const PHOTO_ID: Record<MeView['photoIdStatus'], { label: string; color: 'default' | 'info' | 'success' }> = {
  none: { label: 'Not uploaded', color: 'default' },
  uploaded: { label: 'Uploaded', color: 'info' },
  accepted: { label: 'Accepted', color: 'success' },
};

const OPT_IN: Record<string, string> = {
  opted_in: 'On',
  link_sent: 'Waiting for your confirmation',
  pending: 'Off',
  opt_out: 'Off',
  dismissed: 'Off',
  no_thanks: 'Off',
  no_thanks_opt_out: 'Off',
};

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 0.25, sm: 2 }, py: 1.25 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" sx={{ width: { sm: 150 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0, wordBreak: 'break-word' }}>{children}</Box>
    </Box>
  );
}

function PendingEmail({ email }: { email: string }) {
  const { resend, dismiss, dismissing } = useChangeEmailActions();
  const outbox = useMailWaitsInOutbox();
  return (
    <Alert
      severity="info"
      variant="outlined"
      sx={{ mt: 1, '& .MuiAlert-message': { width: '100%' } }}
      data-testid="profile-pending-email"
    >
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        Change to <strong>{email}</strong> is waiting for verification. {outbox ? NO_MAIL_SERVER : 'Open the link we emailed to that address.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="contained"
          onClick={() => void resend.run()}
          disabled={resend.busy || resend.left > 0 || dismissing}
          startIcon={resend.busy ? <CircularProgress size={14} color="inherit" /> : undefined}
          data-testid="profile-change-email-resend"
        >
          Resend
        </Button>
        <Button
          size="small"
          color="inherit"
          onClick={() => void dismiss()}
          disabled={dismissing || resend.busy}
          startIcon={dismissing ? <CircularProgress size={14} color="inherit" /> : undefined}
          data-testid="profile-change-email-dismiss"
        >
          Dismiss
        </Button>
      </Box>
      <Box sx={{ mt: 0.5 }}>
        <WaitNotice seconds={resend.left} />
      </Box>
    </Alert>
  );
}

export function ProfileDetails({ me }: { me: MeView }) {
  const may = useMayOpen();
  const photo = PHOTO_ID[me.photoIdStatus] ?? PHOTO_ID.none;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Avatar src={me.avatarUrl ?? undefined} alt="" sx={{ width: 64, height: 64, fontSize: 24, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
          {initials(me.name)}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }} data-testid="profile-name">
            {me.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {isMember(me) ? 'Subscriber' : me.role === 'user' ? 'Member' : me.role.replace(/_/g, ' ')}
          </Typography>
        </Box>
        {may('/profile/update') && (
          <Button component={RouterLink} to="/profile/update" variant="outlined" size="small" startIcon={<EditRounded />} data-testid="profile-edit" sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
            Edit
          </Button>
        )}
      </Box>
      <Divider />
      <Row label="Name" testId="profile-row-name">
        {me.name}
      </Row>
      <Row label="Email" testId="profile-row-email">
        <Typography component="span" data-testid="profile-email">
          {me.email}
        </Typography>
        {me.pendingEmailChange && <PendingEmail email={me.pendingEmailChange.email} />}
      </Row>
      <Row label="Photo ID" testId="profile-row-photo-id">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" label={photo.label} color={photo.color} variant={photo.color === 'default' ? 'outlined' : 'filled'} data-testid="profile-photo-id-status" />
          {me.photoIdStatus === 'none' && may('/upload-photo-id') && (
            <Link component={RouterLink} to="/upload-photo-id" variant="body2">
              Upload now
            </Link>
          )}
        </Box>
      </Row>
      {me.role === 'user' && (
        <Row label="Email notifications" testId="profile-row-opt-in">
          {OPT_IN[me.emailOptInStatus] ?? 'Off'}
        </Row>
      )}
    </Paper>
  );
}
