import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuthResult } from '../../../domain/shared/wire';
import { ApiError, api, errorMessage } from '../api';
import { takeRedirect, useAuth, useModelName } from '../auth';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h5" component="h1" sx={{ mb: subtitle ? 0.5 : 3 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
          {footer}
        </Typography>
      </Paper>
    </Box>
  );
}

function FormError({ error }: { error: ApiError | string | null }) {
  if (!error) return null;
  const message = typeof error === 'string' ? error : error.message;
  const code = typeof error === 'string' ? '' : error.code;
  return (
    <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} role="alert" data-testid="form-error">
      {message}
      {code === 'ERR_10001' && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          Error code: {code}
        </Box>
      )}
    </Alert>
  );
}

type Errors<K extends string> = Partial<Record<K, string>>;

function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  const bind = (field: K) => ({
    id: `auth-${field}`,
    name: field,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
    },
    error: !!errors[field],
    helperText: errors[field] ?? ' ',
  });
  return { values, errors, setErrors, bind };
}

function toApiError(err: unknown): ApiError {
  return err instanceof ApiError ? err : new ApiError(errorMessage(err), 0, 'UNKNOWN');
}

export function LoginPage() {
  const { token, me, login } = useAuth();
  const modelName = useModelName();
  const navigate = useNavigate();
  const { values, setErrors, bind } = useForm<'email' | 'password'>({ email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  if (token && me && !busy) return <Navigate to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const email = values.email.trim();
    const errs: Errors<'email' | 'password'> = {};
    if (!email) errs.email = 'Please enter an email.';
    else if (!EMAIL.test(email)) errs.email = 'Please enter a valid email.';
    if (!values.password) errs.password = 'Please enter a password.';
    setErrors(errs);
    if (Object.keys(errs).length) {
      document.getElementById(`auth-${Object.keys(errs)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { data } = await api.post<AuthResult>('/api/users/login', { email, password: values.password });
      const user = await login(data.token, { fromLoginOrSignup: true });
      const saved = takeRedirect();
      navigate(saved ?? (user && !user.isSubscribedEver && !user.isAdmin && user.role === 'user' ? '/subscribe' : '/'), { replace: true });
    } catch (err) {
      setError(toApiError(err));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Login"
      subtitle={`Welcome back to ${modelName}.`}
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link component={RouterLink} to="/register" data-testid="to-register">
            Sign Up
          </Link>
        </>
      }
    >
      <FormError error={error} />
      <Box component="form" noValidate onSubmit={submit} data-testid="login-form">
        <TextField {...bind('email')} label="Email" type="email" autoComplete="email" autoFocus sx={{ mb: 1 }} />
        <TextField {...bind('password')} label="Password" type="password" autoComplete="current-password" sx={{ mb: 1 }} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy}
          data-testid="login-submit"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Login
        </Button>
      </Box>
    </AuthCard>
  );
}

type RegisterField = 'name' | 'email' | 'password' | 'confirmPassword';

export function RegisterPage() {
  const { token, me, login, settings } = useAuth();
  const modelName = useModelName();
  const navigate = useNavigate();
  const { values, setErrors, bind } = useForm<RegisterField>({ name: '', email: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  if (token && me && !busy) return <Navigate to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = values.name.trim();
    const email = values.email.trim();
    const errs: Errors<RegisterField> = {};
    if (!name) errs.name = 'Please enter a name.';
    if (!email) errs.email = 'Please enter an email.';
    else if (!EMAIL.test(email)) errs.email = 'Please enter a valid email.';
    if (!values.password) errs.password = 'Please enter a password.';
    if (!values.confirmPassword) errs.confirmPassword = 'Please confirm your password.';
    else if (values.password && values.confirmPassword !== values.password) errs.confirmPassword = 'Passwords do not match.';
    setErrors(errs);
    if (Object.keys(errs).length) {
      document.getElementById(`auth-${Object.keys(errs)[0]}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { data } = await api.post<AuthResult>('/api/users/register', { name, email, password: values.password });
      await login(data.token, { fromLoginOrSignup: true });
      const next = data.url && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : settings?.after_register_route ?? '/membership';
      navigate(next, { replace: true });
    } catch (err) {
      const apiErr = toApiError(err);
      if (apiErr.field && ['name', 'email', 'password'].includes(apiErr.field)) {
        setErrors({ [apiErr.field]: apiErr.message } as Errors<RegisterField>);
      }
      setError(apiErr);
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Sign Up"
      subtitle={`Create your account to join ${modelName}.`}
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" data-testid="to-login">
            Login
          </Link>
        </>
      }
    >
      <FormError error={error} />
      <Box component="form" noValidate onSubmit={submit} data-testid="register-form">
        <TextField {...bind('name')} label="Name" autoComplete="name" autoFocus sx={{ mb: 1 }} />
        <TextField {...bind('email')} label="Email" type="email" autoComplete="email" sx={{ mb: 1 }} />
        <TextField {...bind('password')} label="Password" type="password" autoComplete="new-password" sx={{ mb: 1 }} />
        <TextField {...bind('confirmPassword')} label="Confirm password" type="password" autoComplete="new-password" sx={{ mb: 1 }} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={busy}
          data-testid="register-submit"
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Sign Up
        </Button>
      </Box>
    </AuthCard>
  );
}
