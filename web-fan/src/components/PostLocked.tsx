// What a post card shows over media the viewer may not see yet: the locked overlay (the price, the media counts of
// exclusive posts, the way to unlock, subscribe or register) and the strip over a locked post's preview slide.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import LockRounded from '@mui/icons-material/LockRounded';
import type { PostView } from '../../../domain/post/wire';
import { PostPrice } from '../promotions/PromotionPrice';
import { useAuth, useIsProxy } from '../auth';
import { slidesOf } from '../postMedia';
import { GuestBuyButton } from './GuestBuy';



/** '3 photos · 1 video' (empty without media): shown on exclusive posts while show_media_count_in_exclusive_content is on. */
export function mediaCounts(post: PostView): string {
  const photos = post.media.filter((m) => m.content_type === 'photo').length;
  const videos = post.media.length - photos;
  return [photos ? `${photos} photo${photos > 1 ? 's' : ''}` : '', videos ? `${videos} video${videos > 1 ? 's' : ''}` : ''].filter(Boolean).join(' · ');
}

/** The tier a member of a lower one needs: "VIP" (a tier no longer named: "higher tier"). */
const upgradeTierName = (post: PostView): string => post.required_tier?.name || 'higher tier';
/** "Upgrade to VIP". */
export const upgradeLabel = (post: PostView): string => `Upgrade to ${upgradeTierName(post)}`;

export function LockedOverlay({ post, onClick }: { post: PostView; onClick: () => void }) {
  // Purchases are not for proxy sessions (an admin viewing the site as a fan): no unlock or subscribe buttons.
  const proxy = useIsProxy();
  const locked = post.visibility === 'locked';
  const { settings } = useAuth();
  const counts = settings?.show_media_count_in_exclusive_content === false ? '' : mediaCounts(post);
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        background: 'linear-gradient(180deg, rgba(0,0,0,0.15) 0%, rgba(0,0,0,0.55) 100%)',
        color: '#fff',
        textAlign: 'center',
        p: 2,
      }}
      data-testid="locked-overlay"
    >
      <Box sx={{ width: 56, height: 56, borderRadius: '50%', bgcolor: 'rgba(0,0,0,0.45)', display: 'grid', placeItems: 'center' }} aria-hidden>
        <LockRounded sx={{ fontSize: 28 }} />
      </Box>
      {counts && (
        <Typography variant="body2" sx={{ opacity: 0.9, textShadow: '0 1px 3px rgba(0,0,0,0.6)' }}>
          {counts}
        </Typography>
      )}
      {post.cta === 'upgrade' ? (
        <>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, textShadow: '0 1px 3px rgba(0,0,0,0.6)' }} data-testid="tier-only">
            For {upgradeTierName(post)} members
          </Typography>
          {!proxy && (
            <Button variant="contained" onClick={onClick} data-testid="upgrade-to-see" startIcon={<LockRounded />}>
              {upgradeLabel(post)}
            </Button>
          )}
        </>
      ) : locked ? (
        <>
          <Chip
            label={<PostPrice post={post} onDark />}
            data-testid="price-chip"
            sx={{ bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', fontWeight: 700, fontSize: 15, border: '1px solid rgba(255,255,255,0.35)' }}
          />
          {!proxy && (
            <Button variant="contained" size="large" onClick={onClick} data-testid="unlock-button" startIcon={<LockRounded />}>
              Unlock
            </Button>
          )}
          {!proxy && <GuestBuyButton post={post} />}
        </>
      ) : (
        <>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, textShadow: '0 1px 3px rgba(0,0,0,0.6)' }}>
            Subscribe to see
          </Typography>
          {!proxy && (
            <Button variant="contained" onClick={onClick} data-testid="subscribe-to-see">
              {post.cta === 'register' ? 'Sign up to subscribe' : 'Subscribe'}
            </Button>
          )}
        </>
      )}
    </Box>
  );
}

/** Bottom strip over a locked post's preview slide: what it costs and the way to unlock it. */
export function PreviewStrip({ post, onClick }: { post: PostView; onClick: () => void }) {
  const proxy = useIsProxy();
  const locked = slidesOf(post).filter((s) => !s.open).length;
  return (
    <Box
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        px: 1.5,
        pt: 4,
        pb: 1.5,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 1,
        background: 'linear-gradient(180deg, transparent 0%, rgba(0,0,0,0.7) 100%)',
        color: '#fff',
        pointerEvents: 'none',
      }}
      data-testid="preview-strip"
    >
      <Typography variant="body2" sx={{ fontWeight: 600, textShadow: '0 1px 3px rgba(0,0,0,0.6)' }}>
        {locked > 0 ? `Preview · ${locked} more locked` : 'Preview'}
      </Typography>
      {!proxy && (
        <Button
          variant="contained"
          size="small"
          onClick={onClick}
          data-testid={post.cta === 'upgrade' ? 'upgrade-to-see' : 'unlock-button'}
          startIcon={<LockRounded />}
          sx={{ pointerEvents: 'auto', flexShrink: 0 }}
        >
          {post.cta === 'upgrade' ? upgradeLabel(post) : <>Unlock <PostPrice post={post} onDark /></>}
        </Button>
      )}
    </Box>
  );
}
