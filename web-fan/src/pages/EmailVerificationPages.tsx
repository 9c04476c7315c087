// Email links: /opt-in-email-verification/:token (public) and /change-email-verification/:token (fans).
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { api, type ApiAnswer } from '../api';
import { useAuth } from '../auth';
import { toApiError } from '../components/FormKit';

// A verification token works once: the same request is shared by repeated renders (StrictMode, remounts).
const inflight = new Map<string, Promise<ApiAnswer<unknown>>>();
function verifyOnce(path: string, token: string): Promise<ApiAnswer<unknown>> {
  const key = `${path}|${token}`;
  let p = inflight.get(key);
  if (!p) {
    p = api.post<unknown>(path, { token });
    inflight.set(key, p);
    p.catch(() => inflight.delete(key)); // a failure may be retried
  }
  return p;
}

type State = { kind: 'busy' } | { kind: 'ok'; message: string } | { kind: 'error'; message: string; retriable: boolean };

function Verification({ path, success, failure, testId, title }: { path: string; success: string; failure: string; testId: string; title: string }) {
  const { token = '' } = useParams();
  const { token: session, refresh } = useAuth();
  const [state, setState] = useState<State>({ kind: 'busy' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setState({ kind: 'busy' });
    verifyOnce(path, token)
      .then(({ message, position }) => {
        if (!alive) return;
        setState({ kind: 'ok', message: message || success });
        if (session) void refresh(position).catch(() => undefined);
      })
      .catch((err: unknown) => {
        if (!alive) return;
        const e = toApiError(err, failure);
        setState({ kind: 'error', message: e.message, retriable: e.retriable });
      });
    return () => {
      alive = false;
    };
    // The link's token is spent by the first verification: a new session or new texts must not verify it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, token, attempt]);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, sm: 8 } }} data-testid={testId} data-state={state.kind}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 4 }, borderRadius: 3, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {state.kind === 'busy' ? (
          <Box role="status" aria-live="polite" sx={{ py: 2 }}>
            <CircularProgress aria-label="Verifying" />
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              Verifying your link…
            </Typography>
          </Box>
        ) : state.kind === 'ok' ? (
          <Box role="status">
            <CheckCircleRounded color="success" sx={{ fontSize: 56 }} aria-hidden />
            <Typography sx={{ mt: 1 }} data-testid={`${testId}-message`}>
              {state.message}
            </Typography>
            <Button component={RouterLink} to={session ? '/profile' : '/'} variant="contained" size="large" sx={{ mt: 3 }} data-testid={`${testId}-continue`}>
              Continue
            </Button>
          </Box>
        ) : (
          <Box role="alert">
            <ErrorOutlineRounded color="error" sx={{ fontSize: 56 }} aria-hidden />
            <Typography sx={{ mt: 1 }} data-testid={`${testId}-message`}>
              {state.message}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 3, flexWrap: 'wrap' }}>
              {state.retriable && (
                <Button variant="contained" onClick={() => setAttempt((n) => n + 1)} data-testid={`${testId}-retry`}>
                  Retry
                </Button>
              )}
              <Button component={RouterLink} to="/" variant={state.retriable ? 'outlined' : 'contained'} data-testid={`${testId}-home`}>
                Go To Home
              </Button>
            </Box>
          </Box>
        )}
      </Paper>
    </Box>
  );
}

export function OptInEmailVerificationPage() {
  return (
    <Verification
      path="/api/opt-in-email-settings/user-opt-in-email-verification"
      success="Email verified successfully."
      failure="There was a problem in opt in email verification."
      testId="opt-in-verification-page"
      title="Email notifications"
    />
  );
}

export function ChangeEmailVerificationPage() {
  return (
    <Verification
      path="/api/change-email-settings/user-change-email-verification"
      success="Change Email Verified Successfully"
      failure="There was a problem in change email verification."
      testId="change-email-verification-page"
      title="Verify your new email"
    />
  );
}
