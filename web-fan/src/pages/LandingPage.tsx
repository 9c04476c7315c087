// Landing page, theme 3: public; guests see it at / when the creator turns
// it on, and it is always at /landing. Sections are switched by settings (GET
// /api/app_settings/get_all_theme_3_settings). Its own navbar: Log In / Sign Up labels from the settings, a
// side menu below 767 px. A spinner until the settings load; a mute/unmute button while a video banner plays.
// It places the promotion ribbons itself (its navbar is its own). Staff preview it at /landing-page-preview (a
// protected route), also while it is off, under a bar that says so.
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { alpha, getContrastRatio, type SxProps, type Theme } from '@mui/material/styles';
import MenuRounded from '@mui/icons-material/MenuRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import type { Theme3Settings, TextAlignment } from '../../../domain/settings/landing';
import { api, errorMessage } from '../api';
import { useAuth } from '../auth';
import { BannerVideo, MuteButton } from '../components/BannerMedia';
import { SocialIcons, hasSocialLinks } from '../components/SocialIcons';
import { ErrorState } from '../components/StatusViews';
import { Footer } from '../shell/Footer';
import { PromotionProvider, PromotionRibbons } from '../promotions';

/** Below this width the landing page uses its phone layout and side menu. */
const MOBILE = '@media (max-width:766.95px)';
const DESKTOP = '@media (min-width:767px)';

function fontStack(font: string): string {
  return `${font}, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
}

/** The creator's text colour when it reads on the background (WCAG AA), else white or near-black. */
function readableOn(bg: string, fg: string): string {
  try {
    if (getContrastRatio(fg, bg) >= 4.5) return fg;
    return getContrastRatio('#ffffff', bg) >= getContrastRatio('#111318', bg) ? '#ffffff' : '#111318';
  } catch {
    return '#ffffff';
  }
}

interface Look {
  bg: string;
  text: string;
  accent: string;
  heading: string;
  body: string;
}

export default function LandingPage({ preview = false }: { preview?: boolean }) {
  const query = useQuery({
    queryKey: ['landing-page'],
    queryFn: async ({ signal }) => (await api.get<{ theme3Settings: Theme3Settings }>('/api/app_settings/get_all_theme_3_settings', undefined, signal)).data.theme3Settings,
  });
  const state = { status: query.isPending ? 'loading' : query.isError ? 'error' : 'ready', data: query.data, error: query.isError ? errorMessage(query.error) : undefined };
  const load = () => void query.refetch();

  if (state.status === 'loading') {
    return (
      <Box role="status" aria-live="polite" data-testid="landing-loading" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (state.status === 'error' || !state.data) {
    return (
      <Box sx={{ maxWidth: 600, mx: 'auto', py: 8 }}>
        <ErrorState title="Could not load this page" message={state.error} onRetry={load} />
      </Box>
    );
  }
  // The landing page has its own navbar (not the shell's), so it places the promotion ribbons itself.
  return (
    <PromotionProvider>
      {preview && <PreviewBar enabled={state.data.landing_page_enabled} />}
      <LandingView t={state.data} />
    </PromotionProvider>
  );
}

/** Says this is a preview, whether guests see the page at / now, and leads back to the console's settings. */
function PreviewBar({ enabled }: { enabled: boolean }) {
  return (
    <Box role="status" data-testid="landing-preview-bar" sx={{ bgcolor: 'warning.main', color: 'warning.contrastText', px: 2, py: 0.75, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'center', textAlign: 'center' }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        Preview of your landing page. {enabled ? 'Guests see it at your home page.' : 'It is turned off: guests see the feed.'}
      </Typography>
      <Button component="a" href="/admin/settings/landing-page-settings" size="small" color="inherit" variant="outlined" sx={{ py: 0.1, borderColor: 'currentColor' }}>
        Landing page settings
      </Button>
    </Box>
  );
}

function LandingView({ t }: { t: Theme3Settings }) {
  const { token } = useAuth();
  const [muted, setMuted] = useState(true);
  const look: Look = {
    bg: t.background_color,
    text: readableOn(t.background_color, t.text_color),
    accent: t.accent_color,
    heading: fontStack(t.heading_font),
    body: fontStack(t.body_font),
  };
  const subscribeTo = token ? '/membership' : '/register';
  const topVideo = t.top_banner.enabled && !!(t.top_banner.video_url || t.top_banner.mobile_video_url);
  const mainVideo = t.main_banner.enabled && t.main_banner.type === 'video' && !!(t.main_banner.video_url || t.main_banner.mobile_video_url);
  const anyVideo = topVideo || mainVideo;
  const headingSx = { fontFamily: look.heading, fontWeight: 800, letterSpacing: '-0.01em', lineHeight: 1.1 } as const;

  const subscribe = (where: string, sx?: SxProps<Theme>) => (
    <Button component={RouterLink} to={subscribeTo} variant="contained" size="large" data-testid={`landing-subscribe-${where}`} sx={[{ px: 4, py: 1.4, fontSize: 17 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      Subscribe
    </Button>
  );

  return (
    <Box data-testid="landing-page" sx={{ bgcolor: look.bg, color: look.text, fontFamily: look.body, minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <PromotionRibbons at="above menu" />
      <LandingNav t={t} look={look} />
      <PromotionRibbons at="top" />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        {t.top_banner.enabled && (
          <Box
            component="section"
            aria-label="Welcome"
            data-testid="landing-top-banner"
            sx={{ position: 'relative', overflow: 'hidden', height: 'calc(100svh - 64px)', minHeight: 460, maxHeight: 960, color: '#fff', background: `radial-gradient(ellipse at top, ${alpha(look.accent, 0.55)} 0%, #0b0b0f 70%)` }}
          >
            <BannerVideo src={t.top_banner.video_url} mobileSrc={t.top_banner.mobile_video_url} muted={muted} testId="landing-top-video" />
            <Box aria-hidden sx={{ position: 'absolute', inset: 0, background: 'linear-gradient(180deg, rgba(0,0,0,0.2) 0%, rgba(0,0,0,0.55) 100%)' }} />
            <Box sx={{ position: 'relative', zIndex: 1, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', px: 3, gap: 3 }}>
              <Typography component="h1" sx={{ ...headingSx, fontSize: 'clamp(40px, 9vw, 104px)', textShadow: '0 4px 24px rgba(0,0,0,0.5)' }}>
                {t.model_name}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
                {subscribe('top')}
                {!token && (
                  <Button component={RouterLink} to="/login" variant="outlined" size="large" data-testid="landing-login-top" sx={{ px: 4, py: 1.4, fontSize: 17, color: '#fff', borderColor: 'rgba(255,255,255,0.7)', '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' } }}>
                    {t.log_in_navbar_name}
                  </Button>
                )}
              </Box>
            </Box>
          </Box>
        )}

        {t.main_banner.enabled && (
          <MainBanner t={t} look={look} muted={muted} headingLevel={t.top_banner.enabled ? 'h2' : 'h1'} subscribe={subscribe('main')} />
        )}

        {t.section1.enabled && (
          <Section testId="landing-section-1" look={look} title={t.section1.title} description={t.section1.description} alignment={t.section1.alignment} image={t.section1.image_url} />
        )}

        {t.section2.enabled && (
          <Section testId="landing-section-2" look={look} title={t.section2.title} description={t.section2.description} alignment={t.section2.alignment} image={t.section2.image_url} reverse>
            {subscribe('section-2')}
          </Section>
        )}

        {t.grid.enabled && t.grid.images.length > 0 && (
          <Box component="section" aria-label="Gallery" data-testid="landing-grid" sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 4, md: 8 } }}>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: { xs: 1, sm: 1.5 }, [DESKTOP]: { gridTemplateColumns: 'repeat(3, 1fr)' } }}>
              {t.grid.images.map((src, i) => (
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
        )}

        {t.section3.enabled && (
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
              <Typography id="landing-section-3-title" component="h2" sx={{ ...headingSx, fontSize: 'clamp(28px, 4.2vw, 48px)' }}>
                {t.section3.title}
              </Typography>
              {t.section3.description && (
                <Typography sx={{ mt: 2, fontSize: { xs: 16, md: 19 }, opacity: 0.88, whiteSpace: 'pre-line', fontFamily: look.body }}>{t.section3.description}</Typography>
              )}
              <Box sx={{ mt: 4, display: 'flex', justifyContent: t.section3.alignment === 'right' ? 'flex-end' : t.section3.alignment === 'center' ? 'center' : 'flex-start' }}>
                {subscribe('section-3')}
              </Box>
            </Box>
          </Box>
        )}

      </Box>
      <Footer />
      {anyVideo && <MuteButton muted={muted} onToggle={() => setMuted((m) => !m)} sx={{ position: 'fixed', right: 20, bottom: 20, zIndex: 1200 }} />}
    </Box>
  );
}

function LandingNav({ t, look }: { t: Theme3Settings; look: Look }) {
  const { token } = useAuth();
  const [open, setOpen] = useState(false);
  const initials = (t.first_name.slice(0, 1) + t.last_name.slice(0, 1)).toUpperCase() || t.model_name.slice(0, 1).toUpperCase();
  const brand = (
    <Box component={RouterLink} to={token ? '/' : '/landing'} sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: 'inherit', textDecoration: 'none', minWidth: 0 }} data-testid="landing-brand">
      <Avatar src={t.model_avatar_url ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: look.accent, color: readableOn(look.accent, '#ffffff'), fontWeight: 700, fontSize: 15 }}>
        {initials}
      </Avatar>
      <Typography component="span" noWrap sx={{ fontFamily: look.heading, fontWeight: 800, fontSize: { xs: 18, sm: 20 } }}>
        {t.model_name}
      </Typography>
    </Box>
  );
  const links = token
    ? [{ to: '/', label: 'Go to feed', testId: 'landing-nav-feed', primary: true }]
    : [
        { to: '/login', label: t.log_in_navbar_name, testId: 'landing-nav-login', primary: false },
        { to: '/register', label: t.sign_up_navbar_name, testId: 'landing-nav-register', primary: true },
      ];
  return (
    <AppBar
      position="sticky"
      elevation={0}
      color="inherit"
      sx={{ bgcolor: alpha(look.bg, 0.86), color: look.text, backdropFilter: 'saturate(180%) blur(12px)', borderBottom: `1px solid ${alpha(look.text, 0.1)}` }}
    >
      <Toolbar sx={{ minHeight: 64, maxWidth: 1200, width: '100%', mx: 'auto', px: { xs: 2, sm: 3 }, gap: 1 }}>
        {brand}
        <Box sx={{ flex: 1 }} />
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: 1, [MOBILE]: { display: 'none' } }} data-testid="landing-nav-desktop">
          {hasSocialLinks(t.social_links) && <SocialIcons links={t.social_links} size="small" testId="landing-nav-social" />}
          {links.map((l) => (
            <Button
              key={l.to}
              component={RouterLink}
              to={l.to}
              variant={l.primary ? 'contained' : 'text'}
              data-testid={l.testId}
              sx={l.primary ? { whiteSpace: 'nowrap' } : { color: 'inherit', whiteSpace: 'nowrap' }}
            >
              {l.label}
            </Button>
          ))}
        </Box>
        <IconButton
          aria-label="Open menu"
          aria-controls="landing-menu"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          data-testid="landing-menu-button"
          sx={{ color: 'inherit', [DESKTOP]: { display: 'none' } }}
        >
          <MenuRounded />
        </IconButton>
      </Toolbar>
      <Drawer
        id="landing-menu"
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: 280, maxWidth: '85vw', bgcolor: look.bg, color: look.text, backgroundImage: 'none' }, 'data-testid': 'landing-menu' } as object }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
          <Typography sx={{ fontFamily: look.heading, fontWeight: 800, flex: 1 }} noWrap>
            {t.model_name}
          </Typography>
          <IconButton aria-label="Close menu" onClick={() => setOpen(false)} sx={{ color: 'inherit' }}>
            <CloseRounded />
          </IconButton>
        </Box>
        <Divider sx={{ borderColor: alpha(look.text, 0.12) }} />
        <List component="nav" aria-label="Main">
          {links.map((l) => (
            <ListItemButton key={l.to} component={RouterLink} to={l.to} onClick={() => setOpen(false)} data-testid={`${l.testId}-mobile`} sx={{ py: 1.5 }}>
              <ListItemText primary={l.label} slotProps={{ primary: { sx: { fontWeight: 700, fontSize: 17, color: l.primary ? look.accent : 'inherit' } } }} />
            </ListItemButton>
          ))}
        </List>
        {hasSocialLinks(t.social_links) && (
          <>
            <Divider sx={{ borderColor: alpha(look.text, 0.12) }} />
            <Box sx={{ p: 2 }}>
              <SocialIcons links={t.social_links} justify="flex-start" testId="landing-menu-social" />
            </Box>
          </>
        )}
      </Drawer>
    </AppBar>
  );
}

function MainBanner({ t, look, muted, headingLevel, subscribe }: { t: Theme3Settings; look: Look; muted: boolean; headingLevel: 'h1' | 'h2'; subscribe: ReactNode }) {
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

function Section({
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
