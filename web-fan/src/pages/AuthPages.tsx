import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import type { AuthResult } from '../../../domain/user/wire';
import { ApiError, api } from '../api';
import { afterLoginRoute, useAuth, useModelName } from '../auth';
import { AuthCard, fourSizeFont, emailProblem, passwordProblem, FormError, toApiError, useForm, type Errors, SubmitButton } from '../components/FormKit';
import { isExternalRegisterPage } from '../../../domain/settings/register-page';

export function LoginPage() {
  const { token, me, login, settings } = useAuth();
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
    const emailError = emailProblem(email);
    if (emailError) errs.email = emailError;
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
      navigate(afterLoginRoute(user), { replace: true });
    } catch (err) {
      setError(toApiError(err));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={settings?.login_page_title || 'Login'}
      testId="login-page"
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
        <TextField {...bind('password')} label="Password" type="password" autoComplete="current-password" sx={{ mb: 0.5 }} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1, mb: 2 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2" data-testid="forgot-password-link">
            Forgot password?
          </Link>
        </Box>
        <SubmitButton busy={busy} testId="login-submit">
            Login
        </SubmitButton>
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
    const emailError = emailProblem(email);
    if (emailError) errs.email = emailError;
    const passwordError = passwordProblem(values.password);
    if (passwordError) errs.password = passwordError;
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
      // The new-register-page flow: the creator's own https page, outside this site.
      if (isExternalRegisterPage(next)) window.location.assign(next);
      else navigate(next, { replace: true });
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
      title={settings?.signup_page_title || 'Sign Up'}
      testId="register-page"
      subtitle={`Create your account to join ${modelName}.`}
      titleSx={fourSizeFont(settings?.new_signup_design_title_font_size)}
      subtitleSx={fourSizeFont(settings?.new_signup_design_description_font_size)}
      maxWidth={560}
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
        <SubmitButton busy={busy} testId="register-submit">
            Sign Up
        </SubmitButton>
      </Box>
    </AuthCard>
  );
}
