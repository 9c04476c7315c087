// The chat-booking countdown both apps show: the seconds the server counted (POST /api/chat/get_next_meeting_time)
// ticking down in the browser, and how they read.
import { useEffect, useState } from 'react';

/** 3725 → '1h 02m 05s'; 65 → '1m 05s'; 2 days and more → '2d 3h'. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${two(m)}m ${two(sec)}s`;
  return `${m}m ${two(sec)}s`;
}

/** The seconds left of `remaining` counted at `since` (ms), ticking each second; `onZero` runs once when it ends. */
export function useCountdown(remaining: number | null, since: number, onZero?: () => void): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (remaining === null) return;
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [remaining, since]);
  const left = remaining === null ? null : Math.max(0, remaining - Math.floor((now - since) / 1000));
  useEffect(() => {
    if (left === 0 && remaining !== null && remaining > 0) onZero?.();
    // Only the moment it reaches zero matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left === 0]);
  return left;
}
