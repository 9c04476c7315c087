// Tells the server the fan is on the site (POST /api/users/update_last_seen): when the site opens, every
// five minutes while the page is in view, and when it comes back into view. The server records at most one event
// per five minutes; staff see "Last seen …" in the chat header when the fan is not online.
import { useEffect } from 'react';
import { api } from '../api';

const EVERY_MS = 5 * 60_000;

export function useReportLastSeen(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    let last = 0;
    const report = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < EVERY_MS) return;
      last = Date.now();
      void api.post('/api/users/update_last_seen', {}).catch(() => {
        last = 0; // try again at the next chance
      });
    };
    report();
    const timer = window.setInterval(report, EVERY_MS);
    document.addEventListener('visibilitychange', report);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', report);
    };
  }, [on]);
}
