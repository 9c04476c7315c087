// Group live: GO LIVE NOW with the online count (the home shell: the dashboard, and the Go Live
// page), the confirmation "You are about to start a Go Live Session with all online subscribers" with Continue and
// Cancel, a help modal, then the publisher's full-screen view. Unavailable media server or live streaming turned
// off: said plainly with the reason, never a broken page.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Badge, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton, Stack, Typography } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import SensorsIcon from '@mui/icons-material/Sensors';
import { useBasename, usePermissions } from 'react-admin';
import { GROUP_LIVE_CONFIRM } from '../../../domain/live-client/rules';
import { mayOpenPage } from '../access';
import { PageGuard } from '../promotions/PageGuard';
import { useFansOnlineCount } from '../realtime';
import { useCurrentLive, useLiveSettings } from './api';
import { GO_LIVE_PAGE, LIVE_SETTINGS_PAGE, LIVE_SETTINGS_PATH } from './paths';
import { PublisherView } from './PublisherView';

export function GoLiveHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="go-live-help-title" maxWidth="sm" fullWidth data-testid="go-live-help">
      <DialogTitle id="go-live-help-title">Go Live Stream</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">
          <p>GO LIVE NOW starts a group live stream for every subscriber: the ones online get a popup and a ribbon with Join Stream.</p>
          <p>Subscribers watch, comment and tip; you see the viewers, the comments and the tip total. A one-to-one Go Live starts from the video icon in a fan's chat.</p>
          <p>END stops the stream for everyone; the recording goes to the media library.</p>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** GO LIVE NOW with the number of fans online; `onGo` after the confirmation. */
export function GoLiveNow({ onGo, compact }: { onGo: () => void; compact?: boolean }) {
  const { permissions } = usePermissions();
  const online = useFansOnlineCount();
  const { settings, error } = useLiveSettings();
  const { live } = useCurrentLive();
  const navigate = useNavigate();
  const basename = useBasename();
  const [confirming, setConfirming] = useState(false);
  const [help, setHelp] = useState(false);
  const unavailable = settings && !settings.media.available ? settings.media.reason : null;
  const off = settings && !settings.enable_live_streaming;
  const busy = live && !(live.isGroup && live.isPublisher);
  return (
    <Card variant="outlined" data-testid="go-live-card">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant={compact ? 'subtitle1' : 'h6'} component="h2" sx={{ fontWeight: 700 }}>
              Group live stream
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {live?.isGroup && live.isPublisher ? 'You are live now.' : 'Go live with all online subscribers.'}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <IconButton aria-label="Help: Go Live Stream" onClick={() => setHelp(true)} data-testid="go-live-help-button">
              <HelpOutlineIcon />
            </IconButton>
            <Badge badgeContent={online} color="success" max={999} showZero data-testid="go-live-online" sx={{ '& .MuiBadge-badge': { fontWeight: 700 } }}>
              <Button
                variant="contained"
                color="error"
                size="large"
                startIcon={<SensorsIcon />}
                disabled={!settings || !!unavailable || !!off || !!busy}
                onClick={() => (live?.isGroup && live.isPublisher ? onGo() : setConfirming(true))}
                data-testid="go-live-now"
                sx={{ fontWeight: 800 }}
              >
                {live?.isGroup && live.isPublisher ? 'BACK TO LIVE' : 'GO LIVE NOW'}
              </Button>
            </Badge>
          </Stack>
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }} data-testid="go-live-online-text">
          {online} {online === 1 ? 'fan' : 'fans'} online
        </Typography>
        {error ? <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert> : null}
        {unavailable ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="go-live-unavailable">
            Live streaming is unavailable: {unavailable}
          </Alert>
        ) : off ? (
          <Alert
            severity="info"
            sx={{ mt: 2 }}
            data-testid="go-live-off"
            action={mayOpenPage(permissions, LIVE_SETTINGS_PAGE) ? <Button color="inherit" size="small" onClick={() => navigate(`${basename}${LIVE_SETTINGS_PATH}`)}>Settings</Button> : undefined}
          >
            Live streaming is turned off.
          </Alert>
        ) : busy ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {live?.isGroup ? `${live.publisherName} is live now.` : 'A one-to-one live stream is running.'}
          </Alert>
        ) : null}
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-describedby="go-live-confirm-text" data-testid="go-live-confirm">
        <DialogContent>
          <DialogContentText id="go-live-confirm-text">{GROUP_LIVE_CONFIRM}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} data-testid="go-live-cancel">
            Cancel
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              setConfirming(false);
              onGo();
            }}
            data-testid="go-live-continue"
          >
            Continue
          </Button>
        </DialogActions>
      </Dialog>
      <GoLiveHelp open={help} onClose={() => setHelp(false)} />
    </Card>
  );
}

/** On the dashboard (the console's home): GO LIVE NOW for the publishers, going live right there. */
export function GoLiveHomeCard() {
  const { permissions } = usePermissions();
  const [live, setLive] = useState(false);
  if (!mayOpenPage(permissions, GO_LIVE_PAGE)) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <GoLiveNow compact onGo={() => setLive(true)} />
      {live ? <PublisherView isGroup mayComment={permissions !== 'live_stream_manager'} onDone={() => setLive(false)} /> : null}
    </Box>
  );
}

export function GoLivePage() {
  const { permissions } = usePermissions();
  const [live, setLive] = useState(false);
  return (
    <PageGuard page={GO_LIVE_PAGE} title="Go Live">
      <Box sx={{ mt: 2, maxWidth: 760 }} data-testid="go-live-page">
        <GoLiveNow onGo={() => setLive(true)} />
      </Box>
      {live ? (
        <PublisherView
          isGroup
          mayComment={permissions !== 'live_stream_manager'}
          onDone={() => setLive(false)}
        />
      ) : null}
    </PageGuard>
  );
}
