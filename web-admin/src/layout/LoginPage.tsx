import { Avatar, Box, Card, CardContent, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { useEffect } from 'react';
import { LoginForm, PasswordInput, required, TextInput, useCheckAuth, useNavigate } from 'react-admin';
import { useSettings } from '../settings';
import { safeColor } from '../theme';

/** Sign-in for staff: email and password, titled with the creator's name from the site settings. */
export function LoginPage() {
  const { settings } = useSettings();
  const color = safeColor(settings.theme_color) ?? '#4f46e5';
  const name = settings.model_name || 'Fanclub';
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  useEffect(() => {
    // Already signed in (a token is stored): go to the dashboard.
    checkAuth({}, false)
      .then(() => navigate('/'))
      .catch(() => undefined);
  }, [checkAuth, navigate]);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'center',
        px: 2,
        boxSizing: 'border-box',
        background: theme =>
          `radial-gradient(circle at 50% 10em, ${color} 0%, ${theme.palette.mode === 'dark' ? '#0b0b12' : '#1c1b2e'} 75%)`,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 380, mt: { xs: 8, sm: '12vh' } }} data-testid="login-card">
        <CardContent sx={{ pb: 0, textAlign: 'center' }}>
          <Avatar
            src={settings.model_avatar_url ?? undefined}
            alt=""
            sx={{ mx: 'auto', mb: 1.5, width: 56, height: 56, bgcolor: 'primary.main' }}
          >
            <LockIcon />
          </Avatar>
          <Typography variant="h5" component="h1" data-testid="login-title" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Staff console
          </Typography>
        </CardContent>
        <LoginForm sx={{ '& .RaLoginForm-content': { width: 'auto' } }}>
          <TextInput
            autoFocus
            source="username"
            label="Email"
            type="email"
            autoComplete="username"
            validate={required()}
          />
          <PasswordInput source="password" label="Password" autoComplete="current-password" validate={required()} />
        </LoginForm>
      </Card>
    </Box>
  );
}
