// The Home's warnings, each with the one click that fixes it: open the mail settings, turn live streaming on,
// set up a payment provider, add a profile picture. The facts come from GET /admin-api/home and the public settings.
import { useState } from 'react';
import { Alert, AlertTitle, Button, CircularProgress, Stack } from '@mui/material';
import { useBasename, useNotify, usePermissions } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AdminHome } from '../../../domain/console/wire';
import { homeWarnings, type HomeWarning } from '../../../domain/console/home';
import { mayCall, mayOpenPage } from '../access';
import { api } from '../api';
import { CCBILL_SETTINGS_PAGE } from '../payment-providers/paths';
import { PROFILE_PAGE } from '../profile/paths';
import { EMAIL_CONFIGURATION_PAGE } from '../site-config/paths';
import { useSettings } from '../settings';

const FIX_PAGES: Partial<Record<HomeWarning['fix'], string>> = {
  'open-mail-settings': EMAIL_CONFIGURATION_PAGE,
  'open-payment-settings': CCBILL_SETTINGS_PAGE,
  'open-profile': PROFILE_PAGE,
};

export function HomeWarnings({ checks, onChanged }: { checks: AdminHome['checks']; onChanged: () => void }) {
  const { settings } = useSettings();
  const warnings = homeWarnings({ ...checks, sandbox_payments: settings.sandbox_payments === true });
  if (!warnings.length) return null;
  return (
    <Stack spacing={1} data-testid="home-warnings">
      {warnings.map(w => (
        <Alert key={w.id} severity={w.severity} data-testid={`home-warning-${w.id}`} action={<Fix warning={w} onChanged={onChanged} />}>
          <AlertTitle>{w.title}</AlertTitle>
          {w.text}
        </Alert>
      ))}
    </Stack>
  );
}

function Fix({ warning, onChanged }: { warning: HomeWarning; onChanged: () => void }) {
  const { permissions } = usePermissions();
  const basename = useBasename();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const testId = `home-fix-${warning.id}`;
  if (warning.fix === 'turn-live-on') {
    if (!mayCall(permissions, 'POST /api/stream/save_settings')) return null;
    const turnOn = async () => {
      setBusy(true);
      try {
        await api('/api/stream/save_settings', { body: { enable_live_streaming: true } });
        notify('Live streaming is on.', { type: 'success' });
        onChanged();
      } catch (error) {
        notify((error as Error).message || 'Live streaming could not be turned on.', { type: 'error' });
      } finally {
        setBusy(false);
      }
    };
    return (
      <Button color="inherit" size="small" variant="outlined" onClick={() => void turnOn()} disabled={busy} data-testid={testId} sx={{ whiteSpace: 'nowrap' }}>
        {busy ? <CircularProgress size={16} color="inherit" /> : warning.action}
      </Button>
    );
  }
  const page = FIX_PAGES[warning.fix];
  if (!page || !mayOpenPage(permissions, page)) return null;
  return (
    <Button color="inherit" size="small" variant="outlined" component={Link} to={`${basename}${page.replace(/^\/admin/, '')}`} data-testid={testId} sx={{ whiteSpace: 'nowrap' }}>
      {warning.action}
    </Button>
  );
}
