// One message of the conversation: its bubble (tips green, staff's in the primary colour, the fan's on paper, colours
// from the chat settings), the processing notice, up to four media tiles, the lock and paid chips, and the line under
// it (time, seen, not sent with Retry and Discard, copy, "Unlock for this Subscriber", the staff's actions).
import { memo } from 'react';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import type { PostMediaView } from '../../../domain/post/wire';
import { formatDate, relative } from '../format';
import { useSettings } from '../settings';
import { bubbleColours, MessageActionsButton, useCopy, type DeleteScope, type MediaOps } from './MessageActions';
import { cents, isMediaMessage, lockChip, MESSAGES, paidLabel, tipCents } from './rules';
import { STAFF_TEXTS } from './staffApi';
import type { ShownMessage } from './useChat';

export const MessageBubble = memo(function MessageBubble({
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
