// The media composer of the chat (from the input bar): Upload New Media or the Content Manager,
// Locked / Free, the amount within the settings' unlock bounds (default 20) and, once tiers are on offer, the tier a
// locked message is for, at most 45 items, an optional preview for locked messages and a message text. New files go through the shared uploader (presigned URL
// with media_type 'message', PUT with progress, media record); the media render on the server and the message
// shows "under process" until they are ready.
import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  IconButton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SendIcon from '@mui/icons-material/Send';
import type { ChatMessageView } from '../../../domain/chat/wire';
import { ApiRequestError } from '../api';
import { useCurrentSettings } from '../settings';
import { uploadProgress } from '../upload';
import { emptyGallery, MediaAttach } from '../posts/MediaAttach';
import { AmountField, useSay } from '../posts/parts';
import { MessageTier } from '../posts/WhoCanSee';
import { amountBounds, checkAmount, type GalleryState } from '../posts/rules';
import type { ComposerItem, UploadSource } from '../posts/types';
import { uploadAll } from '../posts/uploader';
import { chatApi } from './api';
import { DEFAULT_LOCKED_AMOUNT, MAX_TEXT, mediaProblem, mediaTypeOf, MESSAGES, newUniqueId } from './rules';

export interface MediaMessageDialogProps {
  open: boolean;
  onClose: () => void;
  userId: string;
  fanName: string;
  /** Which sources this role may use (the route table): new uploads and / or the Content Manager. */
  sources: UploadSource[];
  /** The message as stored; null when it was stored but the read models had not caught up yet (it comes by frame). */
  onSent: (message: ChatMessageView | null) => void;
}

type Galleries = Record<UploadSource, GalleryState<ComposerItem>>;

export function MediaMessageDialog({ open, onClose, userId, fanName, sources, onSent }: MediaMessageDialogProps) {
  const say = useSay();
  const fullScreen = useMediaQuery('(max-width: 599.98px)', { noSsr: true });
  // Read again on opening, so the unlock bounds are current.
  const { settings } = useCurrentSettings(open);
  const bounds = amountBounds(settings);
  const [source, setSource] = useState<UploadSource>(sources[0] ?? 'upload');
  const [galleries, setGalleries] = useState<Galleries>({ upload: emptyGallery(), library: emptyGallery() });
  const [locked, setLocked] = useState(true);
  const [amount, setAmount] = useState(String(DEFAULT_LOCKED_AMOUNT));
  const [text, setText] = useState('');
  const [minTierId, setMinTierId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ media?: string; preview?: string; amount?: string; tier?: string }>({});
  const [busy, setBusy] = useState(false);
  /** Files already uploaded by an attempt that failed later: not sent twice. */
  const uploaded = useRef(new Map<string, string>());

  const reset = () => {
    setGalleries({ upload: emptyGallery(), library: emptyGallery() });
    setLocked(true);
    setAmount(String(DEFAULT_LOCKED_AMOUNT));
    setText('');
    setMinTierId(null);
    setErrors({});
    uploaded.current.clear();
    uploadProgress.clear();
  };

  const gallery = galleries[source];

  const close = () => {
    if (busy) return;
    onClose();
  };

  const send = async () => {
    if (busy) return;
    const found: typeof errors = {};
    const mediaError = mediaProblem(gallery.items.length);
    if (mediaError) found.media = mediaError;
    if (locked) {
      const r = checkAmount(amount, bounds);
      if (!r.ok) {
        found.amount = r.message;
        setAmount(String(r.reset));
      }
    }
    setErrors(found);
    const first = found.media ?? found.amount;
    if (first) {
      say(first, 'error');
      return;
    }
    setBusy(true);
    try {
      const previewItem = locked && gallery.previewMode && gallery.preview?.type === 'item' ? gallery.preview.item : null;
      const files = [...(previewItem ? [previewItem] : []), ...gallery.items].filter(
        (i): i is Extract<ComposerItem, { source: 'file' }> => i.source === 'file' && !uploaded.current.has(i.key)
      );
      const ids = await uploadAll(
        files.map(i => ({ key: i.key, file: i.file })),
        'message'
      );
      ids.forEach((id, key) => uploaded.current.set(key, id));
      const idOf = (i: ComposerItem) => (i.source === 'library' ? i.media.id : uploaded.current.get(i.key)!);
      const media = gallery.items.map(idOf);
      const preview =
        locked && gallery.previewMode && gallery.preview
          ? gallery.preview.type === 'index'
            ? media[gallery.preview.index]
            : idOf(gallery.preview.item)
          : undefined;
      const result = await chatApi.send({
        receiver: userId,
        message: text.trim(),
        uniqueId: newUniqueId(),
        type: mediaTypeOf(gallery.items.map(i => i.kind)),
        media,
        ...(preview ? { media_preview: preview } : {}),
        isLocked: locked,
        ...(locked ? { amount: Number(amount) } : {}),
        ...(locked && minTierId ? { min_tier_id: minTierId } : {}),
      });
      onSent(result.message);
      reset();
      onClose();
    } catch (error) {
      const message = (error instanceof ApiRequestError && error.message) || MESSAGES.sendFailed;
      if (error instanceof ApiRequestError && error.field === 'amount') setErrors(e => ({ ...e, amount: message }));
      else if (error instanceof ApiRequestError && error.field === 'min_tier_id') setErrors(e => ({ ...e, tier: message }));
      else if (error instanceof ApiRequestError && (error.field === 'media' || error.field === 'file_name')) setErrors(e => ({ ...e, media: message }));
      say(message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="chat-media-title" data-testid="chat-media-dialog">
      <DialogTitle id="chat-media-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
          Send media{fanName ? ` to ${fanName}` : ''}
        </Box>
        <IconButton aria-label="Close" onClick={close} disabled={busy}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <MediaAttach
          source={source}
          onSource={sources.length > 1 ? next => {
            setSource(next);
            setErrors(e => ({ ...e, media: undefined, preview: undefined }));
          } : undefined}
          state={gallery}
          onState={next => {
            setGalleries(g => ({ ...g, [source]: next }));
            setErrors(e => ({ ...e, media: undefined, preview: undefined }));
          }}
          locked={locked}
          disabled={busy}
          errors={{ media: errors.media, preview: errors.preview }}
          onProblem={(message, field) => {
            setErrors(e => ({ ...e, [field]: message }));
            say(message, 'error');
          }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }} id="chat-lock-label">
              Price
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={locked ? 'locked' : 'free'}
              onChange={(_, v: 'locked' | 'free' | null) => {
                if (!v) return;
                setLocked(v === 'locked');
                setErrors(e => ({ ...e, amount: undefined, preview: undefined }));
              }}
              disabled={busy}
              aria-labelledby="chat-lock-label"
              sx={{ '& .MuiToggleButton-root': { textTransform: 'none', gap: 0.75, px: 2 } }}
            >
              <ToggleButton value="locked" data-testid="chat-media-locked">
                <LockIcon fontSize="small" /> Locked
              </ToggleButton>
              <ToggleButton value="free" data-testid="chat-media-free">
                <LockOpenIcon fontSize="small" /> Free
              </ToggleButton>
            </ToggleButtonGroup>
          </Box>
          {locked ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flex: 1, minWidth: 0 }}>
              <Box sx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0 }}>
                <AmountField
                  value={amount}
                  onChange={v => {
                    setAmount(v);
                    setErrors(e => ({ ...e, amount: undefined }));
                  }}
                  onBlur={() => {
                    const r = checkAmount(amount, bounds);
                    if (!r.ok) {
                      setErrors(e => ({ ...e, amount: r.message }));
                      setAmount(String(r.reset));
                    }
                  }}
                  error={errors.amount}
                  helperText={`Whole dollars, between ${bounds.min} and ${bounds.max}.`}
                  disabled={busy}
                />
              </Box>
              <Box sx={{ flex: 1, minWidth: 0, maxWidth: { sm: 320 } }}>
                <MessageTier
                  value={minTierId}
                  onChange={v => {
                    setMinTierId(v);
                    setErrors(e => ({ ...e, tier: undefined }));
                  }}
                  disabled={busy}
                  error={errors.tier}
                  testId="chat-media-tier"
                />
              </Box>
            </Stack>
          ) : (
            <FormHelperText sx={{ alignSelf: 'center', m: 0 }}>The fan sees the media without paying.</FormHelperText>
          )}
        </Stack>
        <TextField
          label="Message (optional)"
          value={text}
          onChange={e => setText(e.target.value)}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: MAX_TEXT, 'data-testid': 'chat-media-text' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" endIcon={<SendIcon />} onClick={() => void send()} disabled={busy} data-testid="chat-media-send">
          {busy ? 'Sending…' : 'Send'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
