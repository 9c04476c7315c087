// Shared building blocks of the account forms: the centred card, the error alert and a small form state hook.
import { useState, type ChangeEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { ApiError, errorMessage } from '../api';
import { isValidEmail, passwordProblem as sharedPasswordProblem } from '../../../domain/shared/validation';
import { fourSizes } from '../../../domain/settings/appearance';
import type { SxProps, Theme } from '@mui/material/styles';

/** Client-side password rule: the server's own (domain/shared/validation.ts), plus the empty case. */
export function passwordProblem(password: string, emptyText = 'Please enter a password.'): string | undefined {
  return password ? sharedPasswordProblem(password) : emptyText;
}

export function emailProblem(email: string): string | undefined {
  if (!email) return 'Please enter an email.';
  if (!isValidEmail(email.trim().toLowerCase())) return 'Please enter a valid email.';
  return undefined;
}

/** The full-width submit button of the account forms, with its busy spinner. */
export function SubmitButton({ busy, testId, children }: { busy: boolean; testId: string; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} data-testid={testId} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
      {children}
    </Button>
  );
}

/** The sign-up design's sizes ('55px|65px|75px|85px': from 0, 767, 1024 and 1440 px) as a font-size style; {} when unset or invalid. */
export function fourSizeFont(value: string | null | undefined): SxProps<Theme> {
  const sizes = fourSizes(value);
  if (!sizes) return {};
  const [phone, tablet, laptop, large] = sizes;
  return { fontSize: phone, lineHeight: 1.15, '@media (min-width: 767px)': { fontSize: tablet }, '@media (min-width: 1024px)': { fontSize: laptop }, '@media (min-width: 1440px)': { fontSize: large } };
}

export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  testId,
  maxWidth = 440,
  titleSx,
  subtitleSx,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  maxWidth?: number;
  /** The sign-up design's font sizes (fourSizeFont). */
  titleSx?: SxProps<Theme>;
  subtitleSx?: SxProps<Theme>;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }} data-testid={testId}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h5" component="h1" sx={[{ mb: subtitle ? 0.5 : 3, overflowWrap: 'anywhere' }, ...(titleSx ? [titleSx].flat() : [])] as SxProps<Theme>} data-testid="auth-title">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={[{ mb: 3 }, ...(subtitleSx ? [subtitleSx].flat() : [])] as SxProps<Theme>} data-testid="auth-subtitle">
            {subtitle}
          </Typography>
        )}
        {children}
        {footer && (
          <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 3, textAlign: 'center' }}>
            {footer}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}

export function FormError({ error }: { error: ApiError | string | null }) {
  if (!error) return null;
  const message = typeof error === 'string' ? error : error.message;
  const code = typeof error === 'string' ? '' : error.code;
  return (
    <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }} role="alert" data-testid="form-error">
      {message}
      {code === 'ERR_10001' && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          <Link component={RouterLink} to="/contact-us">
            Contact Us
          </Link>{' '}
          · Error code: {code}
        </Box>
      )}
    </Alert>
  );
}

export type Errors<K extends string> = Partial<Record<K, string>>;

export function useForm<K extends string>(initial: Record<K, string>, idPrefix = 'auth') {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  const bind = (field: K) => ({
    id: `${idPrefix}-${field}`,
    name: field,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [field]: e.target.value }));
      if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
    },
    error: !!errors[field],
    helperText: errors[field] ?? ' ',
  });
  /** Sets the errors and focuses the first field in error; true when there are none. */
  const check = (errs: Errors<K>): boolean => {
    setErrors(errs);
    const first = (Object.keys(errs) as K[]).find((k) => errs[k]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return !first;
  };
  return { values, setValues, errors, setErrors, bind, check };
}

export function toApiError(err: unknown, fallback?: string): ApiError {
  if (err instanceof ApiError) {
    // A bare status text means the server gave no message: use the spec's default for this action.
    if (fallback && /^Something went wrong/.test(err.message)) {
      return new ApiError(fallback, err.status, err.code, err.field, err.data);
    }
    return err;
  }
  return new ApiError(errorMessage(err, fallback), 0, 'UNKNOWN');
}
