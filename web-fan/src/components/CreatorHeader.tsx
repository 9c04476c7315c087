// The creator's profile over the feed and on the join page: cover (or a gradient from the theme), the avatar with
// the presence dot, the name, "Online now" / "Active 5 min ago", the bio, the social links, the counts of posts,
// photos, videos and likes, and the subscribe button with the price (settings model_cover_url, model_avatar_url,
// model_name, model_bio, the social links; counts and presence from GET /api/creator/profile). With theme 2 on and
// its banner set, the banner is the cover.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAuth, useModelName } from '../auth';
import { CreatorAvatar } from './CreatorAvatar';
import { PresenceLine, ProfileCounts, ProfileLinks, SubscribeAction } from './ProfileDetails';
import { useCreatorProfile, usePresenceLine } from './creatorProfile';

const cssUrl = (url: string) => `url("${url.replace(/["\\]/g, '')}")`;

/**
 * Theme 2 (console: Settings → Theme 2): a full-width banner (a phone variant below 767 px) with the profile
 * image and the name over it, then the profile's details. Shown whenever theme 2 is on and a banner is set.
 */
function Theme2Header({ banner, mobile, avatar, name, online, children }: { banner: string; mobile: string | null; avatar: string | null; name: string; online: boolean; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={`About ${name}`} data-testid="creator-header" data-theme="2" sx={{ mb: { xs: 1.5, sm: 3 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3, overflow: 'hidden' }}>
      <Box
        data-testid="theme2-banner"
        role="img"
        aria-label={`${name} banner`}
        sx={{
          position: 'relative',
          aspectRatio: { xs: '16 / 9', sm: '16 / 5' },
          backgroundImage: cssUrl(mobile ?? banner),
          '@media (min-width: 767px)': { backgroundImage: cssUrl(banner) },
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      >
        <Box sx={{ position: 'absolute', inset: 0, background: 'linear-gradient(180deg, transparent 45%, rgba(0,0,0,0.65) 100%)' }} />
        <Box sx={{ position: 'absolute', left: { xs: 12, sm: 20 }, right: 12, bottom: { xs: 12, sm: 16 }, display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <CreatorAvatar
            online={online}
            src={avatar}
            size={{ xs: 56, sm: 76 }}
            testId="creator-avatar"
            sx={{ border: 3, borderColor: 'common.white', fontSize: 28 }}
          />
          <Typography variant="h5" component="h2" sx={{ color: 'common.white', fontWeight: 700, textShadow: '0 1px 4px rgba(0,0,0,0.6)', overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
        </Box>
      </Box>
      {children}
    </Paper>
  );
}

/** `subscribe`: show the subscribe button (the join page has its own offer card instead). */
export function CreatorHeader({ subscribe = true }: { subscribe?: boolean }) {
  const { settings } = useAuth();
  const name = useModelName();
  const profile = useCreatorProfile();
  const line = usePresenceLine(profile?.presence);
  const online = profile?.presence?.online === true;
  const bio = settings?.model_bio?.trim() ?? '';
  const details = (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {bio && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="creator-bio">
          {bio}
        </Typography>
      )}
      <ProfileLinks />
      <ProfileCounts counts={profile?.counts} />
    </Box>
  );
  if (settings?.theme2_enabled && settings.theme2_banner_image_url)
    return (
      <Theme2Header
        banner={settings.theme2_banner_image_url}
        mobile={settings.theme2_banner_mobile_image_url ?? null}
        avatar={settings.theme2_profile_image_url ?? settings.model_avatar_url ?? null}
        name={name}
        online={online}
      >
        <Box sx={{ px: { xs: 2, sm: 2.5 }, py: 1.5, display: 'grid', gap: 1 }}>
          <PresenceLine line={line} />
          {details}
          {subscribe && <SubscribeAction />}
        </Box>
      </Theme2Header>
    );
  const cover = settings?.model_cover_url ?? null;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={`About ${name}`}
      data-testid="creator-header"
      sx={{ mb: { xs: 1.5, sm: 3 }, mx: { xs: 1.5, sm: 0 }, borderRadius: 3, overflow: 'hidden' }}
    >
      <Box
        data-testid="creator-cover"
        data-empty={cover ? undefined : 'true'}
        role={cover ? 'img' : undefined}
        aria-label={cover ? `${name} cover image` : undefined}
        sx={{
          aspectRatio: { xs: '5 / 2', sm: '3 / 1' },
          backgroundColor: 'background.default',
          backgroundImage: (t) =>
            cover
              ? cssUrl(cover)
              : `radial-gradient(120% 140% at 0% 0%, ${t.palette.primary.main}cc 0%, ${t.palette.primary.main}55 38%, transparent 75%), radial-gradient(90% 120% at 100% 100%, ${t.palette.secondary.main}66 0%, transparent 70%)`,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      />
      <Box sx={{ px: { xs: 2, sm: 2.5 }, pb: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, mt: { xs: '-40px', sm: '-48px' } }}>
          <CreatorAvatar online={online} size={{ xs: 80, sm: 96 }} testId="creator-avatar" sx={{ border: 4, borderColor: 'background.paper', fontSize: 34 }} />
          <Box sx={{ display: { xs: 'none', sm: 'block' }, pb: 0.5 }}>{subscribe && <SubscribeAction />}</Box>
        </Box>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mt: 1, lineHeight: 1.25, overflowWrap: 'anywhere' }} data-testid="creator-name">
          {name}
        </Typography>
        <Box sx={{ mb: 1 }}>
          <PresenceLine line={line} />
        </Box>
        {details}
        {subscribe && <Box sx={{ display: { xs: 'flex', sm: 'none' }, mt: 1.5 }}><SubscribeAction /></Box>}
      </Box>
    </Paper>
  );
}
