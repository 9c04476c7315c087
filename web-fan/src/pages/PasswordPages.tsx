// Forgot password (/forgot-password) and the reset link's page (/change-password/:token).
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import type { MeView } from '../../../domain/user/wire';
import { ApiError, api } from '../api';
import { afterLoginRoute, useAuth } from '../auth';
import { useNotify } from '../notify';
import { AuthCard, FormError, emailProblem, passwordProblem, toApiError, useForm, SubmitButton } from '../components/FormKit';
import { Column, ErrorState, PageLoader } from '../components/StatusViews';
import { NO_MAIL_SERVER, useMailWaitsInOutbox } from '../mailDelivery';

export const FORGOT_SENT = 'A password reset link was just emailed to you.';
export const INVALID_TOKEN = 'Invalid token.';
export const PASSWORD_UPDATED = 'Password updated successfully.';
export const SISTER_SITES_NOTE = 'Please use the same password on all of your sister sites.';

export function ForgotPasswordPage() {
  const { values, bind, check } = useForm<'email'>({ email: '' }, 'forgot');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const outbox = useMailWaitsInOutbox();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const email = values.email.trim();
    if (!check({ email: emailProblem(email) })) return;
    setBusy(true);
    setError(null);
    try {
      const { message } = await api.post<unknown>('/api/users/forgot_password', { email });
      setSent(message || FORGOT_SENT);
    } catch (err) {
      setError(toApiError(err, 'Error in sent forgot password link'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Forgot password"
      testId="forgot-password-page"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Link component={RouterLink} to="/login" data-testid="forgot-to-login">
            Back to login
          </Link>
        </>
      }
    >
      <FormError error={error} />
      {sent && (
        <Alert severity={outbox ? 'warning' : 'success'} sx={{ mb: 2 }} role="status" data-testid="forgot-password-sent">
          {outbox ? NO_MAIL_SERVER : sent}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={submit} data-testid="forgot-password-form">
        <TextField {...bind('email')} label="Email" type="email" autoComplete="email" autoFocus sx={{ mb: 1 }} />
        <SubmitButton busy={busy} testId="forgot-password-submit">
            {sent ? 'Send the link again' : 'Send reset link'}
        </SubmitButton>
      </Box>
    </AuthCard>
  );
}

interface ResetAnswer {
  token?: string;
  user?: MeView;
  userUniversalAccountCount?: number;
}

type TokenState = 'checking' | 'valid' | { error: string };

/** The server refused the link itself (not a fault, a rate limit or a blocked account). */
const isInvalidLink = (e: ApiError) => e.status >= 400 && e.status < 500 && e.status !== 429 && e.status !== 430;

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { login } = useAuth();
  const { values, bind, check, setErrors } = useForm<'password' | 'confirmPassword'>({ password: '', confirmPassword: '' }, 'reset');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  // Check the link first; an invalid one says so and goes home.
  const checked = useQuery({
    queryKey: ['reset-token', token],
    queryFn: async () => {
      const { data } = await api.post<{ valid?: boolean }>(`/api/users/check_token/${encodeURIComponent(token)}`, {});
      if (data && data.valid === false) throw new ApiError(INVALID_TOKEN, 400, 'INVALID_TOKEN');
      return true;
    },
    // Checked once per visit: a tab coming back does not ask again.
    staleTime: Infinity,
  });
  const refused = checked.error ? toApiError(checked.error) : null;
  const invalid = !!refused && isInvalidLink(refused);
  const state: TokenState = checked.isSuccess ? 'valid' : refused && !invalid && !checked.isFetching ? { error: refused.message } : 'checking';
  useEffect(() => {
    const answer = checked.error ? toApiError(checked.error) : null;
    if (!answer || !isInvalidLink(answer)) return;
    notify(answer.message || INVALID_TOKEN, 'error');
    navigate('/', { replace: true });
  }, [checked.error, notify, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const password = values.password;
    const ok = check({
      password: passwordProblem(password),
      confirmPassword: !values.confirmPassword ? 'Please confirm your password.' : values.confirmPassword !== password ? 'Passwords do not match.' : undefined,
    });
    if (!ok) return;
    setBusy(true);
    setError(null);
    try {
      const { data, message } = await api.post<ResetAnswer>('/api/users/reset_password', { token, password });
      const note = (data?.userUniversalAccountCount ?? 0) > 1 ? `\n${SISTER_SITES_NOTE}` : '';
      notify(`${message || PASSWORD_UPDATED}${note}`, 'success');
      if (data?.token) {
        const user = await login(data.token).catch(() => null);
        navigate(afterLoginRoute(user), { replace: true });
      } else {
        navigate('/login', { replace: true });
      }
    } catch (err) {
      const apiErr = toApiError(err, 'There was a problem in change password.');
      if (apiErr.field === 'password' || apiErr.field === 'new_password') setErrors({ password: apiErr.message });
      if (apiErr.message === INVALID_TOKEN) {
        notify(INVALID_TOKEN, 'error');
        navigate('/', { replace: true });
        return;
      }
      setError(apiErr);
      setBusy(false);
    }
  };

  if (state === 'checking') {
    return (
      <Box data-testid="reset-password-page" data-state="checking">
        <PageLoader label="Checking your link" />
      </Box>
    );
  }
  if (typeof state === 'object') {
    return (
      <Column width={480}>
        <Box data-testid="reset-password-page" data-state="error">
          <ErrorState title="Could not check your link" message={state.error} onRetry={() => void checked.refetch()} />
        </Box>
      </Column>
    );
  }

  return (
    <AuthCard title="Choose a new password" testId="reset-password-page" subtitle="Use at least 8 characters.">
      <FormError error={error} />
      <Box component="form" noValidate onSubmit={submit} data-testid="reset-password-form">
        <TextField {...bind('password')} label="New password" type="password" autoComplete="new-password" autoFocus sx={{ mb: 1 }} />
        <TextField {...bind('confirmPassword')} label="Confirm new password" type="password" autoComplete="new-password" sx={{ mb: 1 }} />
        <SubmitButton busy={busy} testId="reset-password-submit">
            Update password
        </SubmitButton>
      </Box>
    </AuthCard>
  );
}
