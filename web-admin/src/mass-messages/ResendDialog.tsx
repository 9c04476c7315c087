// Resend a mass message that failed: the same
// message goes out again, optionally with other media from the Content Manager only (no new upload). Fans' copies
// are marked RESENT by the server. A failure opens the alert dialog.
import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, Typography, useMediaQuery } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { ApiRequestError } from '../api';
import { MediaAttach } from '../posts/MediaAttach';
import { useSay } from '../posts/parts';
import type { GalleryState } from '../posts/rules';
import type { ComposerItem } from '../posts/types';
import { massApi, type MassMessageView } from './api';
import { FailureAlert, previewOf } from './parts';
import { MASS_TEXTS, tooManyProblem } from './rules';

const empty = (): GalleryState<ComposerItem> => ({ items: [], preview: null, previewMode: false, reorder: false });

export function ResendDialog({ message, onClose, onResent }: { message: MassMessageView | null; onClose: () => void; onResent: (view: MassMessageView) => void }) {
  const say = useSay();
  const fullScreen = useMediaQuery('(max-width: 599.98px)', { noSsr: true });
  const [replace, setReplace] = useState(false);
  const [gallery, setGallery] = useState(empty);
  const [errors, setErrors] = useState<{ media?: string; preview?: string }>({});
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const locked = message?.isLocked === 'locked';

  const close = () => {
    if (busy) return;
    setReplace(false);
    setGallery(empty());
    setErrors({});
    onClose();
  };

  const resend = async () => {
    if (!message || busy) return;
    if (replace) {
      const problem = gallery.items.length === 0 ? MASS_TEXTS.selectMedia : tooManyProblem(gallery.items.length);
      if (problem) {
        setErrors({ media: problem });
        say(problem, 'error');
        return;
      }
    }
    setBusy(true);
    try {
      const preview = previewOf(gallery, locked);
      const r = await massApi.resend({
        _id: message._id,
        ...(replace ? { media: gallery.items.map(i => (i.source === 'library' ? i.media.id : '')), media_preview: preview?.source === 'library' ? preview.media.id : null } : {}),
      });
      say(r.message || 'Mass message sent again.', 'success');
      onResent(r.view);
      setReplace(false);
      setGallery(empty());
      onClose();
    } catch (error) {
      setAlert((error instanceof ApiRequestError && error.message) || MASS_TEXTS.resendFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog open={Boolean(message)} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="resend-title" data-testid="resend-dialog">
        <DialogTitle id="resend-title">Resend mass message</DialogTitle>
        <DialogContent dividers>
          {message ? (
            <Stack spacing={2}>
              {message.error ? <Alert severity="error">{message.error}</Alert> : null}
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Message
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.message || '(media only)'}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {message.media.length} media item{message.media.length === 1 ? '' : 's'} · {message.isLocked === 'locked' ? `locked, $${message.amount}` : 'free'}
                </Typography>
              </Box>
              <FormControlLabel
                control={<Switch checked={replace} onChange={(_, on) => setReplace(on)} disabled={busy} slotProps={{ input: { role: 'switch', 'data-testid': 'resend-replace' } as object }} />}
                label="Use other media from the Content Manager"
              />
              {replace ? (
                <MediaAttach
                  source="library"
                  state={gallery}
                  onState={next => {
                    setGallery(next);
                    setErrors({});
                  }}
                  locked={locked}
                  disabled={busy}
                  errors={errors}
                  onProblem={(m, field) => {
                    setErrors({ [field]: m });
                    say(m, 'error');
                  }}
                />
              ) : null}
            </Stack>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" startIcon={<ReplayIcon />} onClick={() => void resend()} disabled={busy} data-testid="resend-send">
            {busy ? 'Sending…' : 'Resend'}
          </Button>
        </DialogActions>
      </Dialog>
      <FailureAlert title="Mass message not sent" message={alert} onClose={() => setAlert(null)} />
    </>
  );
}
