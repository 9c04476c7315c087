// The message list: oldest first, older pages loaded at the top, tips as green bubbles, the
// processing notice, staff always see media unlocked with each message's lock state as a chip, and the staff
// actions (copy text; "Unlock for this Subscriber").
import { memo, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import type { PostMediaView } from '../../../domain/post/wire';
import { formatDate, relative } from '../format';
import { useSay } from '../posts/parts';
import { chatApi } from './api';
import { cents, isMediaMessage, lockChip, MESSAGES, paidLabel, tipCents } from './rules';
import { problemText, type ShownMessage } from './useChat';
import type { ConversationState } from './useConversation';
import { bubbleColours, DeleteMessageDialog, MessageActionsButton, useCopy, type DeleteScope, type MediaOps } from './MessageActions';
import { STAFF_TEXTS } from './staffApi';
import { useSettings } from '../settings';

export interface MessageListProps {
  userId: string;
  fanName: string;
  state: ConversationState;
  onLoadOlder: () => void;
  onRetry: () => void;
  /** Re-read the conversation (after a staff action), and the message acted on when it is named. */
  onChanged: (messageId?: string) => void;
  onResend: (m: ShownMessage) => void;
  onDiscard: (m: ShownMessage) => void;
  mayCopy: boolean;
  mayUnlock: boolean;
  /** Delete from subscriber / from all (admin-side senders but live_stream_manager). */
  mayDelete?: boolean;
  onDeleted?: (id: string, scope: DeleteScope) => void;
  /** Rotate / refresh blur / video process request on chat media, as the route table allows the role. */
  mediaOps?: MediaOps;
}

const NEAR_BOTTOM_PX = 120;

export function MessageList({ userId, fanName, state, onLoadOlder, onRetry, onChanged, onResend, onDiscard, mayCopy, mayUnlock, mayDelete = false, onDeleted, mediaOps }: MessageListProps) {
  const [deleting, setDeleting] = useState<{ m: ShownMessage; scope: DeleteScope } | null>(null);
  const sayList = useSay();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const [unlocking, setUnlocking] = useState<ShownMessage | null>(null);
  const [viewing, setViewing] = useState<PostMediaView | null>(null);

  // A new conversation starts at its newest message.
  useEffect(() => {
    atBottom.current = true;
  }, [userId]);

  // New messages at the bottom: follow them when the list was at the bottom.
  // A message staff just sent is always brought into view.
  const last = state.messages[state.messages.length - 1];
  const lastMine = Boolean(last?.fromAdmin);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && (atBottom.current || lastMine)) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.newest, state.loading]);

  // Older messages on top: keep what was on screen where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    const before = beforeOlder.current;
    if (el && before) el.scrollTop = el.scrollHeight - before.height + before.top;
    beforeOlder.current = null;
  }, [state.pages]);

  const older = () => {
    const el = scroller.current;
    if (el) beforeOlder.current = { height: el.scrollHeight, top: el.scrollTop };
    onLoadOlder();
  };

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < 40 && state.hasMore && !state.loadingOlder && !state.loading) older();
  };

  // Pictures that finish loading push the list down: stay at the bottom when there.
  const onMediaLoad = () => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  };

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1.5, bgcolor: theme => (theme.palette.mode === 'dark' ? 'background.default' : 'grey.50') }}
      data-testid="chat-messages"
      aria-live="polite"
    >
      {state.loading ? (
        <Stack spacing={1.5} aria-label="Loading messages" role="progressbar">
          {[60, 40, 70, 35].map((w, i) => (
            <Box key={i} sx={{ display: 'flex', justifyContent: i % 2 ? 'flex-end' : 'flex-start' }}>
              <Skeleton variant="rounded" width={`${w}%`} height={44} />
            </Box>
          ))}
        </Stack>
      ) : state.error && state.messages.length === 0 ? (
        <Alert
          severity="error"
          data-testid="chat-messages-error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          {state.error}
        </Alert>
      ) : state.messages.length === 0 ? (
        <Stack sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', color: 'text.secondary', textAlign: 'center', gap: 1 }} data-testid="chat-messages-empty">
          <ForumOutlinedIcon sx={{ fontSize: 40 }} />
          <Typography variant="body2">No messages yet. Say hello to {fanName || 'this fan'}.</Typography>
        </Stack>
      ) : (
        <>
          {state.hasMore ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
              {state.loadingOlder ? (
                <CircularProgress size={22} aria-label="Loading older messages" />
              ) : (
                <Button size="small" onClick={older} data-testid="chat-load-older">
                  Load older messages
                </Button>
              )}
            </Box>
          ) : null}
          {state.error ? (
            <Alert severity="error" sx={{ mb: 1 }} action={<Button color="inherit" size="small" onClick={onRetry}>Retry</Button>}>
              {state.error}
            </Alert>
          ) : null}
          <Stack spacing={1.25}>
            {state.messages.map(m => (
              <MessageBubble
                key={m._id}
                m={m}
                mayCopy={mayCopy}
                mayUnlock={mayUnlock}
                onDelete={mayDelete ? (msg, scope) => setDeleting({ m: msg, scope }) : undefined}
                mediaOps={mediaOps}
                onChanged={onChanged}
                onUnlock={setUnlocking}
                onView={setViewing}
                onMediaLoad={onMediaLoad}
                onResend={onResend}
                onDiscard={onDiscard}
              />
            ))}
          </Stack>
        </>
      )}
      <UnlockDialog
        message={unlocking}
        fanName={fanName}
        onClose={() => setUnlocking(null)}
        onDone={() => {
          const id = unlocking?._id;
          setUnlocking(null);
          onChanged(id);
        }}
      />
      <MediaViewer media={viewing} onClose={() => setViewing(null)} />
      <DeleteMessageDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        say={sayList}
        onDone={(id, scope) => {
          setDeleting(null);
          onDeleted?.(id, scope);
        }}
      />
    </Box>
  );
}

const MessageBubble = memo(function MessageBubble({
  m,
  mayCopy,
  mayUnlock,
  onUnlock,
  onView,
  onMediaLoad,
  onResend,
  onDiscard,
  onDelete,
  mediaOps,
  onChanged,
}: {
  m: ShownMessage;
  mayCopy: boolean;
  mayUnlock: boolean;
  onDelete?: (m: ShownMessage, scope: DeleteScope) => void;
  onUnlock: (m: ShownMessage) => void;
  onView: (media: PostMediaView) => void;
  onMediaLoad: () => void;
  onResend: (m: ShownMessage) => void;
  onDiscard: (m: ShownMessage) => void;
  mediaOps?: MediaOps;
  onChanged?: (messageId?: string) => void;
}) {
  const copy = useCopy();
  const chatColours = useSettings().settings.chat_settings;
  if (m.type === 'system') {
    return (
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', display: 'block' }} data-testid="chat-message" data-type="system">
        {m.message}
      </Typography>
    );
  }
  const mine = m.fromAdmin;
  const tip = m.type === 'tips';
  const lock = lockChip(m);
  const paid = paidLabel(m);
  const text = tip ? m.tipMessage || m.message : m.message;
  const media = isMediaMessage(m) ? m.media : [];

  const bubbleColors = tip
    ? { bgcolor: 'success.main', color: 'success.contrastText', ...bubbleColours(chatColours, 'tip') }
    : mine
      ? { bgcolor: 'primary.main', color: 'primary.contrastText', ...bubbleColours(chatColours, 'staff') }
      : { bgcolor: 'background.paper', color: 'text.primary', border: 1, borderColor: 'divider', ...bubbleColours(chatColours, 'fan') };

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}
      data-testid="chat-message"
      data-message-id={m._id}
      data-from={mine ? 'staff' : 'fan'}
      data-type={m.type}
      data-lock={m.isLocked}
      data-processing={m.processing ? 'true' : 'false'}
      data-pending={m.pending ? 'true' : m.failed ? 'failed' : 'false'}
      data-deleted-for-user={m.deletedForUser ? 'true' : 'false'}
    >
      <Box
        sx={{
          ...bubbleColors,
          maxWidth: { xs: '88%', sm: '75%', lg: '60%' },
          minWidth: 0,
          borderRadius: 2.5,
          borderBottomRightRadius: mine ? 6 : undefined,
          borderBottomLeftRadius: mine ? undefined : 6,
          px: 1.5,
          py: 1,
          opacity: m.pending ? 0.7 : 1,
          boxShadow: mine || tip ? 1 : 0,
        }}
      >
        {tip ? (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mb: text ? 0.5 : 0 }}>
            <PaidOutlinedIcon fontSize="small" />
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }} data-testid="chat-tip-amount">
              Tip {cents(tipCents(m))}
              {m.is_anonymous ? ' · anonymous' : ''}
            </Typography>
          </Stack>
        ) : null}
        {m.processing ? (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'flex-start', mb: media.length || text ? 0.75 : 0 }} data-testid="chat-message-processing">
            <HourglassTopIcon fontSize="small" sx={{ mt: 0.25 }} />
            <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
              {MESSAGES.processing}
            </Typography>
          </Stack>
        ) : null}
        {media.length ? <MediaGrid media={media} onView={onView} onLoad={onMediaLoad} /> : null}
        {text ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', mt: media.length ? 0.75 : 0 }} data-testid="chat-message-text">
            {text}
          </Typography>
        ) : null}
        {lock || paid ? (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
            {lock ? (
              <Chip
                icon={lock.state === 'locked' ? <LockIcon /> : lock.state === 'unlocked' ? <LockOpenIcon /> : undefined}
                label={lock.label}
                data-testid="chat-lock-chip"
                data-state={lock.state}
                sx={chipOn(mine)}
                // Copy the price (text, prices and lock icons), not for live_stream_manager.
                {...(mayCopy && lock.state !== 'free'
                  ? { onClick: () => void copy(cents(m.amount_cents)), clickable: true, title: 'Copy price', 'aria-label': `${lock.label}, copy price` }
                  : {})}
              />
            ) : null}
            {paid ? <Chip icon={<PaidOutlinedIcon />} label={paid} data-testid="chat-paid-chip" sx={chipOn(mine)} /> : null}
          </Stack>
        ) : null}
      </Box>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: mine ? 'flex-end' : 'flex-start', columnGap: 0.5, mt: 0.25, px: 0.5, color: 'text.secondary', flexWrap: 'wrap', maxWidth: { xs: '88%', sm: '75%', lg: '60%' } }}
      >
        {m.failed ? (
          <>
            <ErrorOutlineIcon color="error" sx={{ fontSize: 16 }} />
            <Typography variant="caption" color="error">
              Not sent.
            </Typography>
            <Button size="small" onClick={() => onResend(m)} sx={{ minWidth: 0, py: 0 }}>
              Retry
            </Button>
            <Button size="small" color="inherit" onClick={() => onDiscard(m)} sx={{ minWidth: 0, py: 0 }}>
              Discard
            </Button>
          </>
        ) : m.pending ? (
          <Typography variant="caption">Sending…</Typography>
        ) : (
          <Typography variant="caption" title={formatDate(m.created)}>
            {mine && m.name ? `${m.name} · ` : ''}
            {relative(m.created)}
            {mine && m.isRead ? ' · Seen' : ''}
          </Typography>
        )}
        {m.deletedForUser ? (
          <Typography variant="caption" color="warning.main" data-testid="chat-deleted-for-user">
            · {STAFF_TEXTS.deletedForUser}
          </Typography>
        ) : null}
        {!m.pending && !m.failed && mayCopy && text ? (
          <Tooltip title="Copy text">
            <IconButton
              size="small"
              aria-label="Copy text"
              data-testid="chat-copy"
              onClick={() => void copy(text)}
              sx={{ p: 0.25 }}
            >
              <ContentCopyIcon sx={{ fontSize: 15 }} />
            </IconButton>
          </Tooltip>
        ) : null}
        {!m.pending && mayUnlock && m.isLocked === 'locked' && isMediaMessage(m) ? (
          <Button
            size="small"
            startIcon={<LockOpenIcon sx={{ fontSize: 15 }} />}
            onClick={() => onUnlock(m)}
            data-testid="chat-unlock-for-subscriber"
            sx={{ py: 0, fontSize: 12, textTransform: 'none' }}
          >
            Unlock for this Subscriber
          </Button>
        ) : null}
        {!m.pending && !m.failed && onDelete && m.type !== 'tips' ? <MessageActionsButton m={m} onDelete={onDelete} ops={mediaOps} onChanged={() => onChanged?.(m._id)} /> : null}
      </Stack>
    </Box>
  );
});

const chipOn = (mine: boolean) =>
  mine
    ? { bgcolor: 'rgba(255,255,255,.2)', color: 'inherit', '& .MuiChip-icon': { color: 'inherit' } }
    : { '& .MuiChip-icon': { color: 'inherit' } };

/** One to four tiles (a "+N" on the fourth when there are more); a click opens the original. */
function MediaGrid({ media, onView, onLoad }: { media: PostMediaView[]; onView: (m: PostMediaView) => void; onLoad: () => void }) {
  const shown = media.slice(0, 4);
  const more = media.length - shown.length;
  const single = media.length === 1;
  return (
    <Box
      data-testid="chat-message-media"
      sx={{
        display: 'grid',
        gridTemplateColumns: single ? '1fr' : 'repeat(2, minmax(0, 1fr))',
        gap: 0.5,
        width: single ? { xs: 200, sm: 240 } : { xs: 220, sm: 280 },
        maxWidth: '100%',
        borderRadius: 1.5,
        overflow: 'hidden',
      }}
    >
      {shown.map((item, i) => {
        const src = item.thumbnail_url || item.url || item.blur_url;
        const ratio = single && item.width && item.height ? `${item.width} / ${item.height}` : '1 / 1';
        return (
          <Box
            key={item._id || i}
            component="button"
            type="button"
            onClick={() => onView(item)}
            aria-label={item.content_type === 'video' ? 'Play video' : 'Open photo'}
            sx={{ position: 'relative', p: 0, border: 0, cursor: 'zoom-in', aspectRatio: ratio, maxHeight: 320, bgcolor: 'grey.300', overflow: 'hidden', display: 'block', width: '100%' }}
          >
            {src ? <Box component="img" src={src} alt="" loading="lazy" onLoad={onLoad} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} /> : null}
            {item.content_type === 'video' ? (
              <PlayCircleOutlineIcon sx={{ position: 'absolute', inset: 0, m: 'auto', fontSize: 44, color: 'common.white', filter: 'drop-shadow(0 1px 3px rgba(0,0,0,.6))' }} />
            ) : null}
            {more > 0 && i === shown.length - 1 ? (
              <Box sx={{ position: 'absolute', inset: 0, bgcolor: 'rgba(0,0,0,.5)', color: 'common.white', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 22, fontWeight: 700 }}>
                +{more}
              </Box>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}

function MediaViewer({ media, onClose }: { media: PostMediaView | null; onClose: () => void }) {
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

function UnlockDialog({ message, fanName, onClose, onDone }: { message: ShownMessage | null; fanName: string; onClose: () => void; onDone: () => void }) {
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
