// The chat list's "Send Mass Message" and "Welcome Message" buttons: shown to the
// roles that may open the mass-message pages (domain/access/pages.ts: never the live-stream manager, nor support);
// each opens its dialog, loaded on first use.
import { lazy, Suspense, useState } from 'react';
import { Button, Stack } from '@mui/material';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import WavingHandOutlinedIcon from '@mui/icons-material/WavingHandOutlined';
import { mayOpenPage } from '../access';
import { MASS_MESSAGES_PAGE, WELCOME_MESSAGES_PAGE } from './paths';

const MassMessageDialog = lazy(async () => ({ default: (await import('./MassMessageDialog')).MassMessageDialog }));
const WelcomeMessageDialog = lazy(async () => ({ default: (await import('./WelcomeMessageDialog')).WelcomeMessageDialog }));

/** True when the role gets the two buttons. */
export const showsMessageButtons = (role: unknown) => mayOpenPage(role, MASS_MESSAGES_PAGE) || mayOpenPage(role, WELCOME_MESSAGES_PAGE);

export function MessageButtons({ role, onWelcomeSaved }: { role: unknown; onWelcomeSaved?: () => void }) {
  const [open, setOpen] = useState<null | 'mass' | 'welcome'>(null);
  const [used, setUsed] = useState({ mass: false, welcome: false });
  if (!showsMessageButtons(role)) return null;
  const show = (which: 'mass' | 'welcome') => {
    setUsed(u => ({ ...u, [which]: true }));
    setOpen(which);
  };
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ minWidth: 0, flexWrap: 'wrap' }} data-testid="chat-message-buttons">
        {mayOpenPage(role, MASS_MESSAGES_PAGE) ? (
          <Button size="small" variant="contained" disableElevation startIcon={<CampaignOutlinedIcon />} onClick={() => show('mass')} sx={{ flex: '1 1 auto', whiteSpace: 'nowrap' }} data-testid="open-mass-message">
            Send Mass Message
          </Button>
        ) : null}
        {mayOpenPage(role, WELCOME_MESSAGES_PAGE) ? (
          <Button size="small" variant="outlined" startIcon={<WavingHandOutlinedIcon />} onClick={() => show('welcome')} sx={{ flex: '1 1 auto', whiteSpace: 'nowrap' }} data-testid="open-welcome-message">
            Welcome Message
          </Button>
        ) : null}
      </Stack>
      <Suspense fallback={null}>
        {used.mass ? <MassMessageDialog open={open === 'mass'} onClose={() => setOpen(null)} role={role} /> : null}
        {used.welcome ? <WelcomeMessageDialog open={open === 'welcome'} onClose={() => setOpen(null)} role={role} onSaved={onWelcomeSaved} /> : null}
      </Suspense>
    </>
  );
}
