// Resending an email (the opt-in link, a change of email) with the 2-minute wait: a live countdown until the next
// resend, and the Resend / Dismiss actions of a pending email change (the ribbon and the profile page use them).
import { useCallback, useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { api } from '../api';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { toApiError } from './FormKit';

export const RESEND_WAIT_MS = 2 * 60_000;
export const waitText = (n: number) => `Please wait ${n} second(s) before requesting an email resend.`;

/** An ISO time in ms (0 when absent or unreadable). */
export function isoTimeMs(iso: string | null | undefined): number {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
}

/** Seconds left until `deadline` (ms), ticking every second; 0 when passed. */
export function useSecondsLeft(deadline: number): number {
  const calc = useCallback(() => Math.max(0, Math.ceil((deadline - Date.now()) / 1000)), [deadline]);
  const [left, setLeft] = useState(calc);
  useEffect(() => {
    setLeft(calc());
    if (deadline <= Date.now()) return;
    const id = window.setInterval(() => {
      const n = calc();
      setLeft(n);
      if (n <= 0) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [calc, deadline]);
  return left;
}

/** A server wait answer ('Please wait 73 second(s) ...') as a deadline, or null. */
function deadlineFrom(message: string): number | null {
  const m = /wait\s+(\d+)\s+second/i.exec(message);
  return m ? Date.now() + Number(m[1]) * 1000 : null;
}

/**
 * Resend with the 2-minute wait. `sentAt` is when the last mail went out; the server's own wait answer
 * (400 'Please wait {n} second(s) ...') moves the deadline too.
 */
export function useResend(sentAt: number, send: () => Promise<void>) {
  const [override, setOverride] = useState<number | null>(null);
  const deadline = Math.max(sentAt ? sentAt + RESEND_WAIT_MS : 0, override ?? 0);
  const left = useSecondsLeft(deadline);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await send();
    } catch (err) {
      const d = deadlineFrom(toApiError(err).message);
      if (d) setOverride(d);
    } finally {
      setBusy(false);
    }
  };
  return { left, busy, run };
}

/** Resend / Dismiss of a pending email change: used by the ribbon and the profile page. */
export function useChangeEmailActions() {
  const { me, refresh } = useAuth();
  const notify = useNotify();
  const sentAt = Math.max(isoTimeMs(me?.pendingEmailChange?.requested_at), isoTimeMs(me?.emailLinkSentAt));
  const resend = useResend(sentAt, async () => {
    try {
      const { message, position } = await api.post<unknown>('/api/change-email-settings/resend-change-email-request', {});
      notify(message || 'Resend change Email Request Successfully', 'success');
      await refresh(position).catch(() => undefined);
    } catch (err) {
      notify(toApiError(err, 'There was a problem in resend change email request.').message, 'error');
      throw err;
    }
  });
  const [dismissing, setDismissing] = useState(false);
  const dismiss = async () => {
    setDismissing(true);
    try {
      const { message, position } = await api.post<unknown>('/api/change-email-settings/dismiss-change-email-request', {});
      notify(message || 'Your change email request has been cancelled, if you want to change email then please request again.', 'success');
      await refresh(position).catch(() => undefined);
    } catch (err) {
      notify(toApiError(err, 'There was a problem in dismiss change email request.').message, 'error');
    } finally {
      setDismissing(false);
    }
  };
  return { resend, dismiss, dismissing };
}

export function WaitNotice({ seconds }: { seconds: number }) {
  if (seconds <= 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="timer" aria-live="off" data-testid="resend-wait" sx={{ fontSize: 13 }}>
      {waitText(seconds)}
    </Typography>
  );
}
