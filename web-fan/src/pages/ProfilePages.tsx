// /profile (overview), /profile/update (name, email) and /profile/change-password.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import BadgeRounded from '@mui/icons-material/BadgeRounded';
import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import WorkspacePremiumRounded from '@mui/icons-material/WorkspacePremiumRounded';
import NotificationsActiveRounded from '@mui/icons-material/NotificationsActiveRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import { ApiError, api } from '../api';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { useMayOpen } from '../components/Guard';
import { AuthCard, FormError, emailProblem, passwordProblem, toApiError, useForm, SubmitButton } from '../components/FormKit';
import { Column } from '../components/StatusViews';
import { ProfileDetails } from './ProfileDetails';

export const PROFILE_UPDATED = 'Profile Details Updated Successfully.';
export const PASSWORD_UPDATED = 'Password updated successfully.';

export function ProfilePage() {
  const { me, logout } = useAuth();
  const navigate = useNavigate();
  const may = useMayOpen();
  if (!me) return null; // the guard waits for `me`
  const links: { to: string; label: string; icon: ReactNode; testId: string; show: boolean }[] = [
    { to: '/profile/update', label: 'Edit profile', icon: <EditRounded />, testId: 'profile-link-update', show: may('/profile/update') },
    { to: '/profile/change-password', label: 'Change password', icon: <KeyRounded />, testId: 'profile-link-change-password', show: may('/profile/change-password') },
    { to: '/membership', label: 'Membership', icon: <WorkspacePremiumRounded />, testId: 'profile-link-membership', show: may('/membership') },
    { to: '/upload-photo-id', label: 'Upload photo ID', icon: <BadgeRounded />, testId: 'profile-link-photo-id', show: may('/upload-photo-id') },
    { to: '/profile/wallet', label: 'Wallet', icon: <AccountBalanceWalletRounded />, testId: 'profile-link-wallet', show: may('/profile/wallet') },
    { to: '/profile/payment-method', label: 'Payment methods', icon: <CreditCardRounded />, testId: 'profile-link-payment-method', show: may('/profile/payment-method') },
    { to: '/profile/payments', label: 'Payments and receipts', icon: <ReceiptLongRounded />, testId: 'profile-link-payments', show: may('/profile/payments') },
    { to: '/profile/notification-preference', label: 'Notification preferences', icon: <NotificationsActiveRounded />, testId: 'profile-link-notification-preference', show: may('/profile/notification-preference') },
  ];
  return (
    <Column width={640}>
      <Box data-testid="profile-page" sx={{ mx: { xs: 1.5, sm: 0 } }}>
        <ProfileDetails me={me} />

        <Paper variant="outlined" sx={{ mt: 2, borderRadius: 3, overflow: 'hidden' }}>
          <List disablePadding aria-label="Account links">
            {links
              .filter((l) => l.show)
              .map((l) => (
                <ListItemButton key={l.to} component={RouterLink} to={l.to} divider data-testid={l.testId}>
                  <ListItemIcon sx={{ minWidth: 40, color: 'text.secondary' }}>{l.icon}</ListItemIcon>
                  <ListItemText primary={l.label} />
                  <ChevronRightRounded sx={{ color: 'text.secondary' }} aria-hidden />
                </ListItemButton>
              ))}
            <ListItemButton
              onClick={() => {
                logout();
                navigate('/');
              }}
              data-testid="profile-logout"
            >
              <ListItemIcon sx={{ minWidth: 40, color: 'text.secondary' }}>
                <LogoutRounded />
              </ListItemIcon>
              <ListItemText primary="Log out" />
            </ListItemButton>
            <ListItemButton
              onClick={() => {
                logout({ everywhere: true });
                navigate('/');
              }}
              data-testid="profile-logout-everywhere"
            >
              <ListItemIcon sx={{ minWidth: 40, color: 'text.secondary' }}>
                <LogoutRounded />
              </ListItemIcon>
              <ListItemText primary="Log out of all devices" secondary="Ends every session, on this and other devices" />
            </ListItemButton>
          </List>
        </Paper>
      </Box>
    </Column>
  );
}

const BackToProfile = (
  <Link component={RouterLink} to="/profile" data-testid="back-to-profile">
    Back to profile
  </Link>
);

export function ProfileUpdatePage() {
  const { me, refresh } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const { values, bind, check, setErrors } = useForm<'name' | 'email'>({ name: me?.name ?? '', email: me?.email ?? '' }, 'profile');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  if (!me) return null;

  const name = values.name.trim();
  const email = values.email.trim();
  const emailChanged = email.toLowerCase() !== me.email.toLowerCase();
  const changed = name !== me.name || emailChanged;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check({ name: name ? undefined : 'Please enter a name.', email: emailProblem(email) })) return;
    if (!changed) return;
    setBusy(true);
    setError(null);
    try {
      const body: { name?: string; email?: string } = {};
      if (name !== me.name) body.name = name;
      if (emailChanged) body.email = email;
      const { message, position } = await api.post<unknown>('/api/users/change_profile_details', body);
      notify(message || PROFILE_UPDATED, 'success');
      await refresh(position).catch(() => undefined);
      navigate('/profile');
    } catch (err) {
      const apiErr = toApiError(err, 'There was a problem in edit profile.');
      if (apiErr.field === 'name' || apiErr.field === 'email') setErrors({ [apiErr.field]: apiErr.message });
      setError(apiErr);
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Edit profile" testId="profile-update-page" footer={BackToProfile} maxWidth={480}>
      <FormError error={error} />
      <Box component="form" noValidate onSubmit={submit} data-testid="profile-update-form">
        <TextField {...bind('name')} label="Name" autoComplete="name" sx={{ mb: 1 }} />
        <TextField
          {...bind('email')}
          label="Email"
          type="email"
          autoComplete="email"
          helperText={bind('email').helperText.trim() ? bind('email').helperText : emailChanged ? 'We will email a link to the new address; your email changes once you open it.' : ' '}
          sx={{ mb: 1 }}
        />
        {me.pendingEmailChange && (
          <Alert severity="info" variant="outlined" sx={{ mb: 2 }} data-testid="profile-update-pending">
            A change to {me.pendingEmailChange.email} is waiting for verification.
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy || !changed}
          data-testid="profile-update-submit"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Save changes
        </Button>
      </Box>
    </AuthCard>
  );
}

type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';

export function ChangePasswordPage() {
  const { login, me } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const { values, bind, check, setErrors } = useForm<PasswordField>({ oldPassword: '', newPassword: '', confirmPassword: '' }, 'password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  if (!me) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const ok = check({
      oldPassword: values.oldPassword ? undefined : 'Please enter your current password.',
      newPassword:
        passwordProblem(values.newPassword, 'Please enter a new password.') ??
        (values.newPassword === values.oldPassword ? 'The new password must be different from the current one.' : undefined),
      confirmPassword: !values.confirmPassword
        ? 'Please confirm your new password.'
        : values.confirmPassword !== values.newPassword
          ? 'Passwords do not match.'
          : undefined,
    });
    if (!ok) return;
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await api.post<{ action?: string; token?: string | null }>('/api/users/change_old_password', {
        old_password: values.oldPassword,
        new_password: values.newPassword,
      });
      notify(message || PASSWORD_UPDATED, 'success');
      // A new session token, when the server issues one.
      if (data?.token) await login(data.token).catch(() => undefined);
      navigate('/profile');
    } catch (err) {
      const apiErr = toApiError(err, 'There was an error while change password.');
      if (apiErr.field === 'old_password') setErrors({ oldPassword: apiErr.message });
      else if (apiErr.field === 'new_password') setErrors({ newPassword: apiErr.message });
      setError(apiErr);
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Change password" testId="change-password-page" footer={BackToProfile} maxWidth={480}>
      <FormError error={error} />
      <Box component="form" noValidate onSubmit={submit} data-testid="change-password-form">
        <TextField {...bind('oldPassword')} label="Current password" type="password" autoComplete="current-password" sx={{ mb: 1 }} />
        <TextField {...bind('newPassword')} label="New password" type="password" autoComplete="new-password" sx={{ mb: 1 }} />
        <TextField {...bind('confirmPassword')} label="Confirm new password" type="password" autoComplete="new-password" sx={{ mb: 1 }} />
        <SubmitButton busy={busy} testId="change-password-submit">
            Update password
        </SubmitButton>
      </Box>
    </AuthCard>
  );
}
