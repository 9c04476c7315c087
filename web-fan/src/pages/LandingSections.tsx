// The landing page's sections, each switched on in the settings: the welcome banner (video), the main banner
// (video, image or plain, with the creator's name), the image-and-text sections, the gallery grid and the closing
// call to subscribe.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { Theme3Settings, TextAlignment } from '../../../domain/settings/landing';
import { useAuth } from '../auth';
import { BannerVideo } from '../components/BannerMedia';
import { SocialIcons } from '../components/SocialIcons';
import { DESKTOP, type Look } from './landingLook';

const headingSx = (look: Look) => ({ fontFamily: look.heading, fontWeight: 800, letterSpacing: '-0.01em', lineHeight: 1.1 }) as const;

/** The full-height welcome: the banner video, the creator's name, Subscribe and (for guests) Log In. */
export function TopBanner({ t, look, muted, subscribe }: { t: Theme3Settings; look: Look; muted: boolean; subscribe: ReactNode }) {
  const { token } = useAuth();
  return (
    <Box
      component="section"
      aria-label="Welcome"
      data-testid="landing-top-banner"
      sx={{ position: 'relative', overflow: 'hidden', height: 'calc(100svh - 64px)', minHeight: 460, maxHeight: 960, color: '#fff', background: `radial-gradient(ellipse at top, ${alpha(look.accent, 0.55)} 0%, #0b0b0f 70%)` }}
    >
      <BannerVideo src={t.top_banner.video_url} mobileSrc={t.top_banner.mobile_video_url} muted={muted} testId="landing-top-video" />
      <Box aria-hidden sx={{ position: 'absolute', inset: 0, background: 'linear-gradient(180deg, rgba(0,0,0,0.2) 0%, rgba(0,0,0,0.55) 100%)' }} />
      <Box sx={{ position: 'relative', zIndex: 1, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', px: 3, gap: 3 }}>
        <Typography component="h1" sx={{ ...headingSx(look), fontSize: 'clamp(40px, 9vw, 104px)', textShadow: '0 4px 24px rgba(0,0,0,0.5)' }}>
          {t.model_name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
          {subscribe}
          {!token && (
            <Button component={RouterLink} to="/login" variant="outlined" size="large" data-testid="landing-login-top" sx={{ px: 4, py: 1.4, fontSize: 17, color: '#fff', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' } }}>
              {t.log_in_navbar_name}
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

export function MainBanner({ t, look, muted, headingLevel, subscribe }: { t: Theme3Settings; look: Look; muted: boolean; headingLevel: 'h1' | 'h2'; subscribe: ReactNode }) {
  const { token } = useAuth();
  const b = t.main_banner;
  const video = b.type === 'video' && !!(b.video_url || b.mobile_video_url);
  const image = !video && b.image_url;
  const media = video || !!image;
  return (
    <Box
      component="section"
      aria-label={t.model_name}
      data-testid="landing-main-banner"
      data-kind={video ? 'video' : image ? 'image' : 'plain'}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        minHeight: media ? { xs: 560, md: 640 } : { xs: 440, md: 520 },
        height: media ? 'calc(92svh - 64px)' : 'auto',
        maxHeight: 980,
        display: 'flex',
        alignItems: 'flex-end',
        color: media ? '#fff' : look.text,
        background: media ? '#000' : `radial-gradient(ellipse at 20% 0%, ${alpha(look.accent, 0.4)} 0%, transparent 60%), radial-gradient(ellipse at 100% 100%, ${alpha(look.accent, 0.18)} 0%, transparent 55%)`,
      }}
    >
      {video && <BannerVideo src={b.video_url} mobileSrc={b.mobile_video_url} muted={muted} testId="landing-main-video" />}
      {image && (
        <Box component="img" src={image} alt="" data-testid="landing-main-image" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'center 25%' }} />
      )}
      {media && <Box aria-hidden sx={{ position: 'absolute', inset: 0, background: 'linear-gradient(180deg, rgba(0,0,0,0) 30%, rgba(0,0,0,0.78) 100%)' }} />}
      <Box sx={{ position: 'relative', zIndex: 1, width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2.5, sm: 4 }, pb: { xs: 5, md: 8 }, pt: media ? 0 : { xs: 8, md: 12 } }}>
        {!media && t.model_avatar_url && <Avatar src={t.model_avatar_url} alt="" sx={{ width: 96, height: 96, mb: 3, border: `3px solid ${look.accent}` }} />}
        <Typography component={headingLevel} sx={{ fontFamily: look.heading, lineHeight: 0.95, textShadow: media ? '0 4px 24px rgba(0,0,0,0.45)' : 'none' }} data-testid="landing-model-name">
          {t.last_name ? (
            <Box component="span" sx={{ display: 'block', fontWeight: 300, letterSpacing: '0.18em', textTransform: 'uppercase', fontSize: 'clamp(20px, 3.4vw, 40px)', mb: 1 }}>
              {t.first_name}
            </Box>
          ) : (
            <Box component="span" sx={{ display: 'block', fontWeight: 900, letterSpacing: '-0.02em', fontSize: 'clamp(48px, 10vw, 120px)' }}>
              {t.first_name || t.model_name}
            </Box>
          )}
          {t.last_name && (
            <Box component="span" sx={{ display: 'block', fontWeight: 900, letterSpacing: '-0.02em', fontSize: 'clamp(48px, 10vw, 120px)' }}>
              {t.last_name}
            </Box>
          )}
        </Typography>
        <Box sx={{ mt: { xs: 3, md: 4 }, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          {subscribe}
          {b.show_social_icons && <SocialIcons links={t.social_links} color={media ? '#fff' : 'inherit'} justify="flex-start" testId="landing-main-social" />}
        </Box>
        {!token && (
          <Typography sx={{ mt: 2.5, fontSize: 15, opacity: 0.9 }}>
            Already a member?{' '}
            <Box component={RouterLink} to="/login" sx={{ color: 'inherit', fontWeight: 700 }} data-testid="landing-login-main">
              {t.log_in_navbar_name}
            </Box>
            {' · '}
            <Box component={RouterLink} to="/register" sx={{ color: 'inherit', fontWeight: 700 }} data-testid="landing-register-main">
              {t.sign_up_navbar_name}
            </Box>
          </Typography>
        )}
      </Box>
    </Box>
  );
}

export function Section({
  testId,
  look,
  title,
  description,
  alignment,
  image,
  reverse = false,
  children,
}: {
  testId: string;
  look: Look;
  title: string;
  description: string;
  alignment: TextAlignment;
  image: string | null;
  reverse?: boolean;
  children?: ReactNode;
}) {
  const id = `${testId}-title`;
  return (
    <Box component="section" aria-labelledby={id} data-testid={testId} sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2.5, sm: 4 }, py: { xs: 6, md: 10 } }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: '1fr',
          gap: { xs: 4, md: 8 },
          alignItems: 'center',
          [DESKTOP]: { gridTemplateColumns: image ? '1fr 1fr' : '1fr' },
        }}
      >
        {image && (
          <Box sx={{ order: 0, [DESKTOP]: { order: reverse ? 1 : 0 } }}>
            <Box
              component="img"
              src={image}
              alt=""
              loading="lazy"
              decoding="async"
              sx={{ display: 'block', width: '100%', aspectRatio: '4 / 5', objectFit: 'cover', borderRadius: 4, boxShadow: '0 24px 60px rgba(0,0,0,0.35)', maxHeight: 640 }}
            />
          </Box>
        )}
        <Box sx={{ textAlign: alignment, maxWidth: image ? 'none' : 760, mx: image ? 0 : 'auto', width: '100%' }}>
          <Typography id={id} component="h2" sx={{ fontFamily: look.heading, fontWeight: 800, letterSpacing: '-0.01em', lineHeight: 1.1, fontSize: 'clamp(28px, 4vw, 46px)' }}>
            {title}
          </Typography>
          {description && (
            <Typography sx={{ mt: 2.5, fontSize: { xs: 16, md: 18 }, lineHeight: 1.7, opacity: 0.88, whiteSpace: 'pre-line', fontFamily: look.body }}>{description}</Typography>
          )}
          {children && (
            <Box sx={{ mt: 4, display: 'flex', justifyContent: alignment === 'right' ? 'flex-end' : alignment === 'center' ? 'center' : 'flex-start' }}>{children}</Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** The gallery: two columns on phones, three from 767 px. */
export function LandingGrid({ images, look }: { images: string[]; look: Look }) {
  return (
    <Box component="section" aria-label="Gallery" data-testid="landing-grid" sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 4, md: 8 } }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: { xs: 1, sm: 1.5 }, [DESKTOP]: { gridTemplateColumns: 'repeat(3, 1fr)' } }}>
        {images.map((src, i) => (
          <Box key={`${i}-${src}`} sx={{ position: 'relative', aspectRatio: '1 / 1', overflow: 'hidden', borderRadius: 2, bgcolor: alpha(look.text, 0.06) }}>
            <Box
              component="img"
              src={src}
              alt=""
              loading="lazy"
              decoding="async"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', transition: 'transform 500ms ease', '&:hover': { transform: 'scale(1.04)' } }}
            />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The closing call to subscribe, on an accent-tinted panel. */
export function ClosingSection({ t, look, subscribe }: { t: Theme3Settings; look: Look; subscribe: ReactNode }) {
  return (
    <Box component="section" aria-labelledby="landing-section-3-title" data-testid="landing-section-3" sx={{ px: { xs: 2, sm: 3 }, py: { xs: 5, md: 9 } }}>
      <Box
        sx={{
          maxWidth: 1000,
          mx: 'auto',
          borderRadius: { xs: 4, md: 6 },
          px: { xs: 3, md: 8 },
          py: { xs: 5, md: 8 },
          textAlign: t.section3.alignment,
          background: `linear-gradient(135deg, ${alpha(look.accent, 0.28)} 0%, ${alpha(look.accent, 0.06)} 100%)`,
          border: `1px solid ${alpha(look.accent, 0.35)}`,
        }}
      >
        <Typography id="landing-section-3-title" component="h2" sx={{ ...headingSx(look), fontSize: 'clamp(28px, 4.2vw, 48px)' }}>
          {t.section3.title}
        </Typography>
        {t.section3.description && (
          <Typography sx={{ mt: 2, fontSize: { xs: 16, md: 19 }, opacity: 0.88, whiteSpace: 'pre-line', fontFamily: look.body }}>{t.section3.description}</Typography>
        )}
        <Box sx={{ mt: 4, display: 'flex', justifyContent: t.section3.alignment === 'right' ? 'flex-end' : t.section3.alignment === 'center' ? 'center' : 'flex-start' }}>
          {subscribe}
        </Box>
      </Box>
    </Box>
  );
}
