// My profile (/admin/profile, from the user menu): every staff member changes their own password
// (POST /api/users/change_old_password — the generated first-start password is changed here), and the roles that
// may save settings edit the creator's profile fans see: display name, avatar, cover image and bio (site settings
// model_name, model_avatar_url, model_cover_url, model_bio through PUT /admin-api/settings/site) and whether fans see
// when the creator is online (show_creator_presence).
import { useState, type FormEvent } from 'react';
import { Alert, Avatar, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { BooleanInput, Form, SaveButton, TextInput, Title, maxLength, required, useGetOne, useNotify, usePermissions, useUpdate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { api } from '../api';
import { mayCall } from '../access';
import { useSettings } from '../settings';
import { ThemeImageInput } from '../sitesettings/ThemeImageInput';

export { PROFILE_PAGE } from './paths';
const PASSWORD_UPDATED = 'Password updated successfully.';
const MISMATCH = 'The new passwords do not match.';
const BIO_MAX = 1000;

function PasswordCard() {
  const notify = useNotify();
  const [values, setValues] = useState({ old_password: '', new_password: '', confirm: '' });
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const bind = (name: keyof typeof values, label: string, autoComplete: string) => ({
    name,
    label,
    type: 'password',
    autoComplete,
    fullWidth: true,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues(v => ({ ...v, [name]: e.target.value })),
    error: error?.field === name,
    helperText: error?.field === name ? error.message : ' ',
    inputProps: { 'data-testid': `profile-${name}` },
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!values.old_password) return setError({ field: 'old_password', message: 'Please enter your current password.' });
    if (!values.new_password) return setError({ field: 'new_password', message: 'Please enter a new password.' });
    if (values.new_password !== values.confirm) return setError({ field: 'confirm', message: MISMATCH });
    setBusy(true);
    try {
      const r = await api<unknown>('/api/users/change_old_password', { body: { old_password: values.old_password, new_password: values.new_password } });
      notify(r.message || PASSWORD_UPDATED, { type: 'success' });
      setValues({ old_password: '', new_password: '', confirm: '' });
    } catch (err) {
      const body = (err as { body?: { field?: string } }).body;
      const field = body?.field === 'old_password' || body?.field === 'new_password' ? body.field : null;
      setError({ field, message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-password-title" data-testid="profile-password">
      <CardContent component="form" noValidate onSubmit={submit}>
        <Typography id="profile-password-title" variant="h6" component="h2" gutterBottom>
          Change password
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Your other sessions end when the password changes; this one stays signed in.
        </Typography>
        {error && !error.field && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="profile-password-error">
            {error.message}
          </Alert>
        )}
        <Stack spacing={0.5}>
          <TextField {...bind('old_password', 'Current password', 'current-password')} />
          <TextField {...bind('new_password', 'New password', 'new-password')} />
          <TextField {...bind('confirm', 'Confirm new password', 'new-password')} />
        </Stack>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined} data-testid="profile-password-save">
          Change password
        </Button>
      </CardContent>
    </Card>
  );
}

/** How fans see the creator: the cover, the avatar over it, the name and the bio (as in the feed header). */
function Preview() {
  const [name, avatar, cover, bio] = useWatch({ name: ['model_name', 'model_avatar_url', 'model_cover_url', 'model_bio'] }) as [string, string | null, string | null, string];
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', mb: 2 }} data-testid="profile-preview" aria-label="Preview">
      <Box
        sx={{
          height: 120,
          bgcolor: 'action.hover',
          backgroundImage: cover ? `url("${cover.replace(/["\\]/g, '')}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      />
      <Box sx={{ px: 2, pb: 2, mt: '-32px' }}>
        <Avatar src={avatar ?? undefined} alt="" sx={{ width: 64, height: 64, border: 3, borderColor: 'background.paper', bgcolor: 'primary.main' }}>
          {(name || '?').slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, mt: 0.5, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {bio && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {bio}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function CreatorProfileCard() {
  const notify = useNotify();
  const { refresh } = useSettings();
  const { data, isPending, error } = useGetOne('settings', { id: 'site' });
  const [update] = useUpdate();
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (isPending || !data) return <CircularProgress aria-label="Loading" />;
  const record = {
    id: 'site',
    model_name: data.model_name ?? '',
    model_avatar_url: data.model_avatar_url ?? null,
    model_cover_url: data.model_cover_url ?? null,
    model_bio: data.model_bio ?? '',
    show_creator_presence: data.show_creator_presence !== false,
  };
  const save = async (values: Record<string, unknown>) => {
    // Only the profile's settings are sent; everything else stays as it is.
    const changes = {
      model_name: values.model_name, model_avatar_url: values.model_avatar_url ?? null, model_cover_url: values.model_cover_url ?? null, model_bio: values.model_bio ?? '',
      show_creator_presence: values.show_creator_presence !== false,
    };
    await update(
      'settings',
      { id: 'site', data: changes, previousData: data },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('Profile saved.', { type: 'success' });
          void refresh().catch(() => undefined);
        },
        onError: e => notify((e as Error).message || 'The profile could not be saved.', { type: 'error' }),
      }
    );
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-creator-title" data-testid="profile-creator">
      <CardContent>
        <Typography id="profile-creator-title" variant="h6" component="h2" gutterBottom>
          Creator profile
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          What fans see over the feed, on every post and in chat.
        </Typography>
        <Form record={record} onSubmit={save}>
          <Preview />
          <TextInput source="model_name" label="Display name" validate={[required('Model name is required.'), maxLength(60)]} fullWidth />
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
            <ThemeImageInput source="model_avatar_url" label="Avatar" helperText="PNG or JPG, square works best." />
            <ThemeImageInput source="model_cover_url" label="Cover image" helperText="PNG or JPG, wide (3:1)." />
          </Box>
          <TextInput source="model_bio" label="Bio" multiline minRows={3} fullWidth validate={maxLength(BIO_MAX)} helperText={`Up to ${BIO_MAX} characters.`} />
          <BooleanInput
            source="show_creator_presence"
            label="Show fans when I am online"
            helperText="Fans see “Online now” or “Active 5 min ago” on your picture and in chat. Off: they see neither."
            data-testid="profile-show-presence"
          />
          <SaveButton label="Save profile" data-testid="profile-creator-save" alwaysEnable={false} />
        </Form>
      </CardContent>
    </Card>
  );
}

export function ProfilePage() {
  const { permissions } = usePermissions();
  const editsCreator = mayCall(permissions, 'PUT /admin-api/settings/:id') && mayCall(permissions, 'POST /api/app_settings/upload-theme-image');
  return (
    <Box sx={{ py: 2, maxWidth: 1100 }} data-testid="profile-page">
      <Title title="My profile" />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: editsCreator ? 'minmax(280px, 2fr) 3fr' : 'minmax(280px, 480px)' }, alignItems: 'start' }}>
        <PasswordCard />
        {editsCreator && <CreatorProfileCard />}
      </Box>
    </Box>
  );
}
