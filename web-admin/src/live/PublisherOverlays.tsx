// What covers the live video while it is not on air: the connecting notice, or the error with its Close; and the
// confirmation before ending or closing a session on air.
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, Typography } from '@mui/material';
import { CLOSE_LIVE_CONFIRM, END_LIVE_CONFIRM, LIVE_CONNECTING } from '../../../domain/live-client/rules';
import { WEBRTC_ERROR } from '../../../web-shared/live/janus';
import type { Phase } from './usePublisher';

export function PhaseOverlay({ phase, problem, onClose }: { phase: Phase; problem: string | null; onClose: () => void }) {
  return (
    <>
      {phase === 'camera' || phase === 'starting' || phase === 'connecting' ? (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
          <Box sx={{ textAlign: 'center', color: '#fff', bgcolor: 'rgba(0,0,0,.45)', px: 3, py: 2, borderRadius: 2 }} data-testid="live-connecting">
            <CircularProgress color="inherit" size={32} />
            <Typography sx={{ mt: 1.5 }}>{LIVE_CONNECTING}</Typography>
          </Box>
        </Box>
      ) : null}
      {phase === 'error' ? (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 3 }}>
          <Alert
            severity="error"
            data-testid="publisher-error"
            action={
              <Button color="inherit" size="small" onClick={onClose}>
                Close
              </Button>
            }
          >
            {problem ?? WEBRTC_ERROR}
          </Alert>
        </Box>
      ) : null}
    </>
  );
}

/** 'end': END_LIVE_CONFIRM, 'close': CLOSE_LIVE_CONFIRM; Yes ends the session. */
export function ConfirmEnd({ ask, onCancel, onYes }: { ask: 'end' | 'close' | null; onCancel: () => void; onYes: () => void }) {
  return (
    <Dialog open={!!ask} onClose={onCancel} aria-describedby="publisher-confirm-text" data-testid="publisher-confirm" sx={{ zIndex: 1400 }}>
      <DialogContent>
        <DialogContentText id="publisher-confirm-text">{ask === 'end' ? END_LIVE_CONFIRM : CLOSE_LIVE_CONFIRM}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          onClick={onYes}
          data-testid="publisher-confirm-yes"
        >
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
