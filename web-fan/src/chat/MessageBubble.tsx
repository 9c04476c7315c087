// One message of the conversation: the fan's own on the right, the creator's on the
// left; text, photos (images) and videos (<video controls>), a locked message's blurred previews with its price
// and an Unlock button (ChatMedia.tsx), a tip as a green bubble, and the relative time with the full date on hover.
import { memo, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import VolunteerActivismRounded from '@mui/icons-material/VolunteerActivismRounded';
import type { ChatMessageView } from '../../../domain/chat/wire';
import { chatBubbleColours } from '../../../domain/settings/chat-settings';
import { useAuth } from '../auth';
import { fullDate, money } from '../format';
import { chatTime, UNDER_PROCESS_NOTE } from './chatRules';
import { LockedMedia, MEDIA_MAX, MediaGrid, UploadingMedia, type PendingAttachment } from './ChatMedia';

export type { PendingAttachment };

export function TimeStamp({ iso, own, now }: { iso: string; own: boolean; now: number }) {
  const full = fullDate(iso);
  // Timestamp visibility (console: Settings → Timestamps): the creator may hide message times.
  if (useAuth().settings?.show_message_timestamp === false) return null;
  return (
    <Tooltip title={full} placement={own ? 'left' : 'right'} describeChild>
      <Typography
        component="time"
        dateTime={iso}
        variant="caption"
        color="text.secondary"
        tabIndex={0}
        data-testid="chat-message-time"
        sx={{ display: 'block', mt: 0.5, px: 0.5, textAlign: own ? 'right' : 'left', fontSize: 11.5, borderRadius: 1 }}
      >
        {chatTime(iso, Math.max(now, Date.now()))}
      </Typography>
    </Tooltip>
  );
}

export interface BubbleProps {
  message: ChatMessageView;
  /** The fan's own message (shown on the right). */
  own: boolean;
  creatorName: string;
  canUnlock: boolean;
  buying: boolean;
  onUnlock: (m: ChatMessageView) => void;
  now: number;
  /** 'Seen' under the fan's last message the creator has read. */
  seen?: boolean;
  /** The last of a run from one sender: the time shows under it (the others have it on hover). */
  showTime?: boolean;
}

export const MessageBubble = memo(function MessageBubble({ message: m, own, creatorName, canUnlock, buying, onUnlock, now, seen, showTime = true }: BubbleProps) {
  const media = m.type === 'photo' || m.type === 'video' || m.type === 'gallery';
  const tip = m.type === 'tips';
  const locked = media && m.isLocked === 'locked';
  const who = own ? 'You' : creatorName;
  const alt = m.type === 'video' ? `Video from ${who}` : `Photo from ${who}`;
  const text = tip ? m.tipMessage || '' : m.message;
  // The creator's chat colours (chat settings) over the theme's, when set.
  const colours = chatBubbleColours(useAuth().settings?.chat_settings, tip ? 'tip' : own ? 'fan' : 'staff');

  return (
    <Box
      component="li"
      data-testid="chat-message"
      data-id={m._id}
      data-type={m.type}
      data-lock={m.isLocked}
      data-own={own ? 'true' : 'false'}
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column', alignItems: own ? 'flex-end' : 'flex-start', px: { xs: 1.5, sm: 2.5 }, pt: 0.25, pb: showTime ? 0.75 : 0.25 }}
    >
      <Box
        title={showTime ? undefined : fullDate(m.created)}
        sx={(t) => ({
          maxWidth: media ? `min(${MEDIA_MAX + 16}px, 82%)` : { xs: '84%', sm: '72%' },
          width: media ? MEDIA_MAX + 16 : 'auto',
          px: 1.5,
          py: 1,
          borderRadius: 2.5,
          borderBottomRightRadius: own ? 6 : undefined,
          borderBottomLeftRadius: own ? undefined : 6,
          wordBreak: 'break-word',
          ...(tip
            ? { bgcolor: t.palette.success.main, color: t.palette.success.contrastText }
            : own
              ? { bgcolor: t.palette.primary.main, color: t.palette.primary.contrastText }
              : { bgcolor: alpha(t.palette.text.primary, t.palette.mode === 'dark' ? 0.08 : 0.06), color: 'text.primary' }),
          ...colours,
        })}
        data-testid={tip ? 'chat-tip-bubble' : 'chat-bubble'}
      >
        {tip && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontWeight: 700 }} data-testid="chat-tip-amount">
            <VolunteerActivismRounded fontSize="small" aria-hidden />
            <span>
              {own ? 'You sent a tip of' : 'Tip of'} {money(0, m.paid_cents || m.amount_cents)}
            </span>
          </Box>
        )}
        {media && (
          <Box sx={{ mx: -0.75, mt: -0.25, mb: text ? 0.75 : -0.25 }}>
            {locked ? (
              <LockedMedia message={m} canUnlock={canUnlock} buying={buying} onUnlock={() => onUnlock(m)} />
            ) : m.processing ? (
              <Box
                data-testid="chat-media-processing"
                sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, borderRadius: 2, bgcolor: 'rgba(0,0,0,0.18)', fontSize: 13, lineHeight: 1.35 }}
              >
                <CircularProgress size={18} color="inherit" aria-hidden />
                <span>{UNDER_PROCESS_NOTE}</span>
              </Box>
            ) : (
              <MediaGrid items={m.media.filter((i) => i.url)} alt={alt} />
            )}
          </Box>
        )}
        {text && (
          <Typography
            component="p"
            variant="body2"
            data-testid="chat-message-text"
            sx={{ whiteSpace: 'pre-wrap', fontSize: 15, lineHeight: 1.45, mt: tip ? 0.5 : 0 }}
          >
            {text}
          </Typography>
        )}
        {media && m.isLocked === 'unlocked' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.75, fontSize: 12, opacity: 0.8 }} data-testid="chat-unlocked-note">
            <LockOpenRounded sx={{ fontSize: 14 }} aria-hidden /> Unlocked · {money(m.amount, m.amount_cents)}
          </Box>
        )}
      </Box>
      {(showTime || seen) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {showTime && <TimeStamp iso={m.created} own={own} now={now} />}
          {own && seen && (
            <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, fontSize: 11.5 }} data-testid="chat-seen">
              Seen
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
});

export interface PendingMessage {
  uniqueId: string;
  text: string;
  createdAt: string;
  status: 'sending' | 'failed' | 'awaiting_funds';
  error: string | null;
  /** A photo or video going with it: uploaded first (progress 0..100), then sent as `mediaId`. */
  attachment?: PendingAttachment;
}

/** A message on its way (optimistic), or one that failed with the server's reason and a retry. */
export function PendingBubble({ pending, onRetry, onDiscard, onCancel }: { pending: PendingMessage; onRetry: () => void; onDiscard: () => void; onCancel?: () => void }) {
  const failed = pending.status === 'failed';
  const a = pending.attachment;
  const colours = chatBubbleColours(useAuth().settings?.chat_settings, 'fan');
  return (
    <Box
      component="li"
      data-testid="chat-pending-message"
      data-status={pending.status}
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column', alignItems: 'flex-end', px: { xs: 1.5, sm: 2.5 }, py: 0.5 }}
    >
      <Box
        sx={(t) => ({
          maxWidth: { xs: '84%', sm: '72%' },
          px: 1.5,
          py: 1,
          borderRadius: 2.5,
          borderBottomRightRadius: 6,
          wordBreak: 'break-word',
          bgcolor: failed ? alpha(t.palette.error.main, 0.14) : t.palette.primary.main,
          color: failed ? 'text.primary' : t.palette.primary.contrastText,
          border: failed ? `1px solid ${alpha(t.palette.error.main, 0.6)}` : '1px solid transparent',
          opacity: failed || a ? 1 : 0.7,
          ...(a ? { width: MEDIA_MAX + 16, maxWidth: `min(${MEDIA_MAX + 16}px, 82%)` } : {}),
          ...(failed ? {} : colours),
        })}
      >
        {a && (
          <Box sx={{ mx: -0.75, mt: -0.25, mb: pending.text ? 0.75 : -0.25 }}>
            <UploadingMedia a={a} uploading={pending.status === 'sending'} onCancel={onCancel} />
          </Box>
        )}
        {pending.text && (
          <Typography component="p" variant="body2" sx={{ whiteSpace: 'pre-wrap', fontSize: 15, lineHeight: 1.45 }} data-testid="chat-message-text">
            {pending.text}
          </Typography>
        )}
      </Box>
      {failed || pending.status === 'awaiting_funds' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: 0.5, mt: 0.5, maxWidth: { xs: '92%', sm: '72%' } }}>
          <Typography variant="caption" color={failed ? 'error' : 'text.secondary'} role={failed ? 'alert' : 'status'} data-testid="chat-send-error" sx={{ display: 'block', textAlign: 'right' }}>
            {/* Inline, so a reason that wraps keeps the icon beside its first words. */}
            {failed && <ErrorOutlineRounded sx={{ fontSize: 15, verticalAlign: '-3px', mr: 0.5 }} aria-hidden />}
            {pending.error}
          </Typography>
          {failed && (
            <>
              <Button size="small" onClick={onRetry} data-testid="chat-retry-send" sx={{ minWidth: 0, py: 0 }}>
                Retry
              </Button>
              <Button size="small" color="inherit" onClick={onDiscard} data-testid="chat-discard-send" sx={{ minWidth: 0, py: 0 }}>
                Delete
              </Button>
            </>
          )}
        </Box>
      ) : (
        <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5, fontSize: 11.5 }} role="status" data-testid="chat-sending">
          {a && !a.mediaId ? `Uploading ${a.name}…` : 'Sending…'}
        </Typography>
      )}
    </Box>
  );
}

/** The clock the relative times read; ticks every minute. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
