// The message list's dialogs: a photo or video opened full size, and "Unlock for this Subscriber".
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import type { PostMediaView } from '../../../domain/post/wire';
import { useSay } from '../posts/parts';
import { chatApi } from './api';
import { cents, MESSAGES } from './rules';
import { problemText, type ShownMessage } from './useChat';

export function MediaViewer({ media, onClose }: { media: PostMediaView | null; onClose: () => void }) {
  const src = media ? media.url || media.thumbnail_url || media.blur_url : null;
  return (
    <Dialog open={Boolean(media)} onClose={onClose} maxWidth="lg" aria-label="Media" data-testid="chat-media-viewer">
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', top: 4, right: 4, zIndex: 1, bgcolor: 'rgba(0,0,0,.5)', color: 'common.white', '&:hover': { bgcolor: 'rgba(0,0,0,.7)' } }}>
        <CloseIcon />
      </IconButton>
      {media && src ? (
        media.content_type === 'video' ? (
          <Box component="video" src={media.url ?? undefined} poster={media.thumbnail_url ?? undefined} controls autoPlay muted data-testid="chat-viewer-video" sx={{ display: 'block', maxWidth: '100%', maxHeight: '85vh' }} />
        ) : (
          <Box component="img" src={src} alt="" sx={{ display: 'block', maxWidth: '100%', maxHeight: '85vh' }} />
        )
      ) : null}
    </Dialog>
  );
}

export function UnlockDialog({ message, fanName, onClose, onDone }: { message: ShownMessage | null; fanName: string; onClose: () => void; onDone: () => void }) {
  const say = useSay();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!message) return;
    setBusy(true);
    try {
      const text = await chatApi.unlock(message._id);
      say(text || MESSAGES.unlocked, 'success');
      onDone();
    } catch (e) {
      say(problemText(e, MESSAGES.unlockError), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={Boolean(message)} onClose={busy ? undefined : onClose} aria-labelledby="unlock-title" data-testid="chat-unlock-dialog">
      <DialogTitle id="unlock-title">Unlock for this Subscriber</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {fanName || 'The fan'} will see this message{message ? ` (${cents(message.amount_cents)})` : ''} without paying. This cannot be undone.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={busy} data-testid="chat-unlock-confirm">
          Unlock
        </Button>
      </DialogActions>
    </Dialog>
  );
}
