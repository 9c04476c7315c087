// /tips (public): the 'Send a tip' card and, for a signed-in viewer, their tips below
// (everyone's for staff).
import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useAuth, useIsProxy } from '../auth';
import { isStaff } from '../format';
import { Column } from '../components/StatusViews';
import { SendTipCard } from './SendTipCard';
import { TipsList } from './TipsList';

export default function TipsPage() {
  const { token, me } = useAuth();
  const proxy = useIsProxy();
  const [reloadKey, setReloadKey] = useState(0);
  const staff = isStaff(me) && !proxy;
  return (
    <Column width={560}>
      <SendTipCard onSent={() => setReloadKey((k) => k + 1)} />
      {token && me && (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1.5, mx: { xs: 2, sm: 0 } }}>
            {staff ? 'Tips' : 'Your tips'}
          </Typography>
          <TipsList staff={staff} reloadKey={reloadKey} />
        </>
      )}
    </Column>
  );
}
