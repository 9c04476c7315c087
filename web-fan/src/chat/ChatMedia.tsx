// The media of a chat message: photos and videos the fan may open, a locked message's blurred cover with its preview,
// content count, price and Unlock button (or "Upgrade to <tier>" when it is limited to a tier above the fan's), and a
// file of the fan's own on its way up with its progress.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import LockRounded from '@mui/icons-material/LockRounded';
import LockOpenRounded from '@mui/icons-material/LockOpenRounded';
import PhotoRounded from '@mui/icons-material/PhotoRounded';
import VideocamRounded from '@mui/icons-material/VideocamRounded';
import type { ChatMessageView } from '../../../domain/chat/wire';
import type { PostMediaView } from '../../../domain/post/wire';
import { money } from '../format';

/** Widest media in a bubble. */
export const MEDIA_MAX = 280;

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

export function LockedMedia({
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
  // Limited to a tier above the fan's: the way in is the upgrade (the purchase would be refused), as on a post.
  const upgrade = message.cta === 'upgrade';
  const tierName = message.required_tier?.name || 'higher tier';
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
          {upgrade && (
            <Typography variant="subtitle2" sx={{ fontWeight: 700, textShadow: '0 1px 3px rgba(0,0,0,0.6)' }} data-testid="chat-tier-only">
              For {tierName} members
            </Typography>
          )}
          <Chip
            label={price}
            data-testid="chat-price-chip"
            sx={{ bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', fontWeight: 700, fontSize: 15, border: '1px solid rgba(255,255,255,0.35)' }}
          />
          {canUnlock && upgrade ? (
            <Button variant="contained" onClick={onUnlock} startIcon={<LockRounded />} data-testid="chat-upgrade-button">
              Upgrade to {tierName}
            </Button>
          ) : canUnlock && (
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

export function MediaGrid({ items, alt }: { items: PostMediaView[]; alt: string }) {
  if (!items.length) return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.75, gridTemplateColumns: items.length > 1 ? 'repeat(2, minmax(0, 1fr))' : '1fr' }} data-testid="chat-media">
      {items.map((item, i) => (
        <OpenMedia key={item._id} item={item} alt={items.length > 1 ? `${alt} ${i + 1} of ${items.length}` : alt} />
      ))}
    </Box>
  );
}

/** A photo or video going with a message of the fan's: uploaded first, then sent as `mediaId`. */
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
export function UploadingMedia({ a, uploading, onCancel }: { a: PendingAttachment; uploading: boolean; onCancel?: () => void }) {
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
