// Landing page, theme 3: public; guests see it at / when the creator turns
// it on, and it is always at /landing. Sections are switched by settings (GET
// /api/app_settings/get_all_theme_3_settings). Its own navbar: Log In / Sign Up labels from the settings, a
// side menu below 767 px. A spinner until the settings load; a mute/unmute button while a video banner plays.
// It places the promotion ribbons itself (its navbar is its own). Staff preview it at /landing-page-preview (a
// protected route), also while it is off, under a bar that says so.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Theme3Settings } from '../../../domain/settings/landing';
import { api, errorMessage } from '../api';
import { useAuth } from '../auth';
import { MuteButton } from '../components/BannerMedia';
import { ErrorState } from '../components/StatusViews';
import { Footer } from '../shell/Footer';
import { PromotionProvider, PromotionRibbons } from '../promotions';
import { landingLook } from './landingLook';
import { LandingNav } from './LandingNav';
import { ClosingSection, LandingGrid, MainBanner, Section, TopBanner } from './LandingSections';

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
  const look = landingLook(t);
  const subscribeTo = token ? '/membership' : '/register';
  const topVideo = t.top_banner.enabled && !!(t.top_banner.video_url || t.top_banner.mobile_video_url);
  const mainVideo = t.main_banner.enabled && t.main_banner.type === 'video' && !!(t.main_banner.video_url || t.main_banner.mobile_video_url);
  const anyVideo = topVideo || mainVideo;

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
        {t.top_banner.enabled && <TopBanner t={t} look={look} muted={muted} subscribe={subscribe('top')} />}

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

        {t.grid.enabled && t.grid.images.length > 0 && <LandingGrid images={t.grid.images} look={look} />}

        {t.section3.enabled && <ClosingSection t={t} look={look} subscribe={subscribe('section-3')} />}

      </Box>
      <Footer />
      {anyVideo && <MuteButton muted={muted} onToggle={() => setMuted((m) => !m)} sx={{ position: 'fixed', right: 20, bottom: 20, zIndex: 1200 }} />}
    </Box>
  );
}
