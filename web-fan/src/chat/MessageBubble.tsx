// One message of the conversation: the fan's own on the right, the creator's on the
// left; text, photos (images) and videos (<video controls>), a locked message's blurred previews with its price
// and an Unlock button, a tip as a green bubble, and the relative time with the full date on hover.
import { memo, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import LockRounded from '@mui/icons-material/LockRounded';
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import VolunteerActivismRounded from '@mui/icons-material/VolunteerActivismRounded';
import PhotoRounded from '@mui/icons-material/PhotoRounded';
import VideocamRounded from '@mui/icons-material/VideocamRounded';
import type { ChatMessageView } from '../../../domain/chat/wire';
import type { PostMediaView } from '../../../domain/post/wire';
import { chatBubbleColours } from '../../../domain/settings/chat-settings';
import { useAuth } from '../auth';
import { fullDate, money } from '../format';
import { chatTime, UNDER_PROCESS_NOTE } from './chatRules';
import LinearProgress from '@mui/material/LinearProgress';

/** Widest media in a bubble. */
const MEDIA_MAX = 280;

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

function aspect(item: PostMediaView): string {
  return item.width > 0 && item.height > 0 ? `${item.width} / ${item.height}` : '4 / 3';
}

/** An original the viewer may open: photos as images, videos with their controls. */
function OpenMedia({ item, alt }: { item: PostMediaView; alt: string }) {
  if (item.content_type === 'video') {
    return (
      <Box
        component="video"
        controls
        preload="metadata"
        playsInline
        poster={item.thumbnail_url ?? undefined}
        src={item.url ?? undefined}
        aria-label={alt}
        data-testid="chat-media-video"
        sx={{ display: 'block', width: '100%', aspectRatio: aspect(item), bgcolor: '#000', borderRadius: 2 }}
      />
    );
  }
  return (
    <Box
      component="a"
      href={item.url ?? undefined}
      target="_blank"
      rel="noopener"
      aria-label={`${alt} (opens the full size)`}
      sx={{ display: 'block', borderRadius: 2, overflow: 'hidden', lineHeight: 0 }}
    >
      <Box
        component="img"
        src={item.url ?? item.thumbnail_url ?? item.blur_url}
        alt={alt}
        loading="lazy"
        decoding="async"
        data-testid="chat-media-image"
        sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: aspect(item), objectFit: 'cover', bgcolor: 'action.hover' }}
      />
    </Box>
  );
}

function LockedMedia({
  message,
  canUnlock,
  buying,
  onUnlock,
}: {
  message: ChatMessageView;
  canUnlock: boolean;
  buying: boolean;
  onUnlock: () => void;
}) {
  const preview = message.media_preview && (message.media_preview.url || message.media_preview.thumbnail_url) ? message.media_preview : null;
  const cover = message.media.find((m) => !preview || m._id !== preview._id) ?? message.media[0] ?? null;
  const { photo, video } = message.contentCount ?? { photo: 0, video: 0 };
  const price = money(message.amount, message.amount_cents);
  return (
    <Box sx={{ display: 'grid', gap: 0.75 }}>
      {preview && (
        <Box sx={{ position: 'relative' }} data-testid="chat-media-preview">
          <Box
            component="img"
            src={preview.thumbnail_url ?? preview.url ?? preview.blur_url}
            alt="Preview"
            loading="lazy"
            sx={{ display: 'block', width: '100%', aspectRatio: aspect(preview), objectFit: 'cover', borderRadius: 2 }}
          />
          <Chip size="small" label="Preview" sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'rgba(0,0,0,0.6)', color: '#fff', fontWeight: 700 }} />
        </Box>
      )}
      <Box
        sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', aspectRatio: cover ? aspect(cover) : '4 / 3', minHeight: 180, bgcolor: 'action.hover' }}
        data-testid="chat-locked"
      >
        {cover && (
          <Box
            component="img"
            src={cover.blur_url}
            alt=""
            aria-hidden
            loading="lazy"
            data-testid="chat-blur-image"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', transform: 'scale(1.08)', filter: 'blur(8px)' }}
          />
        )}
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            p: 1.5,
            color: '#fff',
            textAlign: 'center',
            background: 'linear-gradient(180deg, rgba(0,0,0,0.15) 0%, rgba(0,0,0,0.6) 100%)',
          }}
        >
          <Box sx={{ width: 44, height: 44, borderRadius: '50%', bgcolor: 'rgba(0,0,0,0.45)', display: 'grid', placeItems: 'center' }} aria-hidden>
            <LockRounded />
          </Box>
          {(photo > 0 || video > 0) && (
            <Box sx={{ display: 'flex', gap: 1.25, fontSize: 13, alignItems: 'center', textShadow: '0 1px 3px rgba(0,0,0,0.6)' }} data-testid="chat-content-count">
              {photo > 0 && (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} aria-label={`${photo} photo${photo > 1 ? 's' : ''}`}>
                  <PhotoRounded sx={{ fontSize: 16 }} aria-hidden /> {photo}
                </Box>
              )}
              {video > 0 && (
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} aria-label={`${video} video${video > 1 ? 's' : ''}`}>
                  <VideocamRounded sx={{ fontSize: 16 }} aria-hidden /> {video}
                </Box>
              )}
            </Box>
          )}
          <Chip
            label={price}
            data-testid="chat-price-chip"
            sx={{ bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', fontWeight: 700, fontSize: 15, border: '1px solid rgba(255,255,255,0.35)' }}
          />
          {canUnlock && (
            <Button
              variant="contained"
              onClick={onUnlock}
              disabled={buying}
              startIcon={buying ? <CircularProgress size={16} color="inherit" /> : <LockOpenRounded />}
              data-testid="chat-unlock-button"
              aria-label={`Unlock for ${price}`}
            >
              Unlock
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

function MediaGrid({ items, alt }: { items: PostMediaView[]; alt: string }) {
  if (!items.length) return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.75, gridTemplateColumns: items.length > 1 ? 'repeat(2, minmax(0, 1fr))' : '1fr' }} data-testid="chat-media">
      {items.map((item, i) => (
        <OpenMedia key={item._id} item={item} alt={items.length > 1 ? `${alt} ${i + 1} of ${items.length}` : alt} />
      ))}
    </Box>
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

export interface PendingAttachment {
  name: string;
  kind: 'photo' | 'video';
  /** A local object URL of the file, shown while it uploads. */
  previewUrl: string;
  progress: number;
  /** Set once the upload is registered: a retry sends it without uploading again. */
  mediaId: string | null;
}

/** The file being uploaded: its local preview with the progress and a cancel button. */
function UploadingMedia({ a, uploading, onCancel }: { a: PendingAttachment; uploading: boolean; onCancel?: () => void }) {
  return (
    <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: 'rgba(0,0,0,0.3)', lineHeight: 0 }} data-testid="chat-upload-preview">
      {a.kind === 'video' ? (
        <Box component="video" src={a.previewUrl} muted playsInline preload="metadata" aria-label={a.name} sx={{ display: 'block', width: '100%', maxHeight: 240, objectFit: 'cover' }} />
      ) : (
        <Box component="img" src={a.previewUrl} alt={a.name} sx={{ display: 'block', width: '100%', maxHeight: 240, objectFit: 'cover' }} />
      )}
      {uploading && (
        <Box sx={{ position: 'absolute', inset: 'auto 0 0 0', p: 1, background: 'linear-gradient(180deg, transparent, rgba(0,0,0,0.7))', color: '#fff', lineHeight: 1.2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, fontSize: 12, mb: 0.5 }}>
            <span data-testid="chat-upload-percent">{a.mediaId ? 'Sending…' : a.progress >= 100 ? 'Processing…' : `Uploading ${a.progress}%`}</span>
            {onCancel && !a.mediaId && (
              <Button size="small" onClick={onCancel} data-testid="chat-upload-cancel" sx={{ color: '#fff', minWidth: 0, py: 0, fontSize: 12 }}>
                Cancel
              </Button>
            )}
          </Box>
          <LinearProgress
            variant="determinate"
            value={a.progress}
            aria-label={`Uploading ${a.name}`}
            data-testid="chat-upload-progress"
            sx={{ height: 4, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.3)', '& .MuiLinearProgress-bar': { bgcolor: '#fff' } }}
          />
        </Box>
      )}
    </Box>
  );
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
