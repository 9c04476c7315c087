// The feed's hero banner: a video or rotating images, an optional logo, text and a
// subscribe button (→ /membership when logged in, otherwise /register), with the social and payment-card
// icons. Hidden for members (and staff, and an admin viewing the site as a fan). Without banner media it is a
// compact subscribe card in the feed column.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAuth, useIsProxy, useModelName } from '../auth';
import { isMember, isStaff, money } from '../format';
import { BannerVideo, MuteButton, RotatingImages, heightsSx } from './BannerMedia';
import { SocialIcons } from './SocialIcons';
import { PaymentIcons } from './PaymentIcons';

/** Whether the hero shows at all for this viewer (members and staff never see it). */
export function useHeroVisible(): boolean {
  const { me, loadingMe, settings } = useAuth();
  const proxy = useIsProxy();
  if (loadingMe || proxy || isMember(me) || isStaff(me)) return false;
  return settings?.hero_banner?.enabled ?? true;
}

/** Whether the banner has media (a full-width hero) or not (a compact card in the feed column). */
export function useHeroHasMedia(): boolean {
  const { settings } = useAuth();
  const b = settings?.hero_banner;
  if (!b) return false;
  return b.type === 'video' ? !!(b.video_url || b.mobile_video_url) : b.images.length > 0;
}

function SubscribeButton({ size = 'large', fullWidthOnPhone = false }: { size?: 'medium' | 'large'; fullWidthOnPhone?: boolean }) {
  const { token } = useAuth();
  return (
    <Button
      component={RouterLink}
      to={token ? '/membership' : '/register'}
      variant="contained"
      size={size}
      data-testid="subscribe-banner-button"
      sx={{ flexShrink: 0, width: fullWidthOnPhone ? { xs: '100%', sm: 'auto' } : 'auto', px: 3 }}
    >
      {token ? 'Subscribe' : 'Sign up to subscribe'}
    </Button>
  );
}

function priceLine(settings: ReturnType<typeof useAuth>['settings']): string {
  const price = settings ? settings.recurring_membership_price || settings.membership_price : 0;
  return price ? `Subscribe for ${money(price)} / month to see every private post.` : 'Subscribe to see every private post.';
}

/** Full-width hero with media, above the feed column. */
export function HeroBanner() {
  const { settings } = useAuth();
  const modelName = useModelName();
  const [muted, setMuted] = useState(true);
  const b = settings?.hero_banner;
  if (!b) return null;
  const video = b.type === 'video' && !!(b.video_url || b.mobile_video_url);
  return (
    <Box sx={{ width: '100%', maxWidth: 1232, mx: 'auto', px: { xs: 0, sm: 2 }, pt: { xs: 0, sm: 3 } }}>
      <Box
        component="section"
        aria-label={`Subscribe to ${modelName}`}
        data-testid="hero-banner"
        data-kind={video ? 'video' : 'images'}
        sx={{
          position: 'relative',
          overflow: 'hidden',
          borderRadius: { xs: 0, sm: 4 },
          // Phones: the media on top, the text and button below it; wider: the text over the media.
          bgcolor: { xs: 'background.paper', sm: '#000' },
          color: { xs: 'text.primary', sm: '#fff' },
          borderBottom: { xs: 1, sm: 0 },
          borderColor: 'divider',
        }}
      >
        <Box sx={{ position: 'relative', overflow: 'hidden', bgcolor: '#000', ...heightsSx(b.height) }}>
          {video ? <BannerVideo src={b.video_url} mobileSrc={b.mobile_video_url} muted={muted} testId="hero-video" /> : <RotatingImages images={b.images} alt="" />}
          <Box
            aria-hidden
            sx={{
              display: { xs: 'none', sm: 'block' },
              position: 'absolute',
              inset: 0,
              zIndex: 1,
              pointerEvents: 'none',
              background: 'linear-gradient(180deg, rgba(0,0,0,0.05) 0%, rgba(0,0,0,0.25) 45%, rgba(0,0,0,0.8) 100%)',
            }}
          />
          {video && <MuteButton muted={muted} onToggle={() => setMuted((m) => !m)} sx={{ position: 'absolute', zIndex: 3, top: 12, right: 12 }} />}
        </Box>
        <Box
          sx={{
            position: { xs: 'static', sm: 'absolute' },
            zIndex: 2,
            left: 0,
            right: 0,
            bottom: 0,
            p: { xs: 2, sm: 3, md: 4 },
            pb: { xs: 2.5, sm: 5 },
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { xs: 'stretch', md: 'flex-end' },
            gap: { xs: 1.5, md: 3 },
            pointerEvents: 'none',
            '& a, & button': { pointerEvents: 'auto' },
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {b.logo_url && (
              <Box component="img" src={b.logo_url} alt={`${modelName} logo`} data-testid="hero-logo" sx={{ display: 'block', maxHeight: { xs: 44, sm: 64 }, maxWidth: 220, mb: 1.25, objectFit: 'contain' }} />
            )}
            <Typography variant="h4" component="h2" sx={{ fontWeight: 800, fontSize: { xs: 22, sm: 30, md: 36 }, textShadow: { xs: 'none', sm: '0 2px 10px rgba(0,0,0,0.5)' }, lineHeight: 1.15 }}>
              {modelName}
            </Typography>
            {b.text && (
              <Typography sx={{ mt: 0.75, maxWidth: 640, opacity: 0.92, fontSize: { xs: 15, sm: 17 }, textShadow: { xs: 'none', sm: '0 1px 6px rgba(0,0,0,0.6)' } }} data-testid="hero-text">
                {b.text}
              </Typography>
            )}
            <Box sx={{ mt: 0.75, ml: -1 }}>
              <SocialIcons links={settings?.social_links} size="small" justify="flex-start" testId="hero-social-icons" />
            </Box>
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'stretch', md: 'flex-end' }, gap: 1.25, width: { xs: '100%', md: 'auto' } }}>
            <SubscribeButton />
            <PaymentIcons brands={settings?.payment_icons} justify="center" testId="hero-payment-icons" />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/** The banner without media: a subscribe card at the top of the feed column. */
export function SubscribeCard() {
  const { settings } = useAuth();
  const modelName = useModelName();
  const text = settings?.hero_banner?.text;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`Subscribe to ${modelName}`}
      data-testid="subscribe-banner"
      sx={{
        mb: { xs: 1.5, sm: 3 },
        mx: { xs: 1.5, sm: 0 },
        p: { xs: 2, sm: 2.5 },
        borderRadius: 3,
        borderColor: 'primary.main',
        background: (t) => `linear-gradient(135deg, ${t.palette.primary.main}26 0%, transparent 70%)`,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        {settings?.hero_banner?.logo_url ? (
          <Box component="img" src={settings.hero_banner.logo_url} alt={`${modelName} logo`} data-testid="hero-logo" sx={{ width: 52, height: 52, objectFit: 'contain', flexShrink: 0 }} />
        ) : (
          <Avatar src={settings?.model_avatar_url ?? undefined} alt="" sx={{ width: 52, height: 52, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }}>
            {modelName.slice(0, 1).toUpperCase()}
          </Avatar>
        )}
        <Box sx={{ flex: 1, minWidth: 180 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Join {modelName}&apos;s club
          </Typography>
          {text && (
            <Typography variant="body2" sx={{ mt: 0.25 }}>
              {text}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {priceLine(settings)}
          </Typography>
        </Box>
        <SubscribeButton size="medium" fullWidthOnPhone />
      </Box>
      {(settings?.payment_icons?.length || Object.keys(settings?.social_links ?? {}).length) ? (
        <Box sx={{ mt: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <SocialIcons links={settings?.social_links} size="small" justify="flex-start" testId="hero-social-icons" />
          <PaymentIcons brands={settings?.payment_icons} justify="flex-start" testId="hero-payment-icons" />
        </Box>
      ) : null}
    </Paper>
  );
}
