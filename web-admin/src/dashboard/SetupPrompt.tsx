// The setup wizard on Home, for the admins: it opens by itself while the setup was never finished nor put off (the
// Home's answer says so), once per visit to the console; a put-off setup is offered again here, and otherwise a
// small button runs it again.
import { useEffect } from 'react';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useBasename, usePermissions } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { ConsoleSetupView } from '../../../domain/console/wire';
import { mayCall, mayOpenPage } from '../access';
import { SETUP_COMPLETE_ROUTE, SETUP_PAGE, SETUP_PATH } from '../setup/paths';

/** Opened by itself at most once per page load: leaving it by the menu does not send the admin back to it. */
let openedThisVisit = false;

export function SetupPrompt({ setup }: { setup: ConsoleSetupView }) {
  const { permissions } = usePermissions();
  const basename = useBasename();
  const navigate = useNavigate();
  const runs = mayCall(permissions, SETUP_COMPLETE_ROUTE) && mayOpenPage(permissions, SETUP_PAGE);
  const to = `${basename}${SETUP_PATH}`;
  useEffect(() => {
    if (!runs || !setup.opens_by_itself || openedThisVisit) return;
    openedThisVisit = true;
    navigate(to, { replace: true });
  }, [runs, setup.opens_by_itself, navigate, to]);
  if (!runs) return null;
  // Put off: offered again until finished. Finished (or skipped on this install): a quiet way back in.
  if (setup.outcome !== 'dismissed')
    return (
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
        <Button size="small" component={Link} to={to} startIcon={<ReplayIcon />} data-testid="home-setup-open">
          {setup.outcome === 'completed' ? 'Run setup again' : 'Run setup'}
        </Button>
      </Box>
    );
  return (
    <Alert
      severity="info"
      data-testid="home-setup"
      action={
        <Button color="inherit" size="small" variant="outlined" component={Link} to={to} data-testid="home-setup-open" sx={{ whiteSpace: 'nowrap' }}>
          Continue setup
        </Button>
      }
    >
      <AlertTitle>Finish setting up your site</AlertTitle>
      Your name, pictures, price, welcome message, mail server and live streaming, step by step.
    </Alert>
  );
}
