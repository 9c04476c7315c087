// The creator over the feed: cover image, avatar, name and bio from the creator's profile
// (console → My profile; settings model_cover_url, model_avatar_url, model_name, model_bio). Shown once the
// creator has set a cover or a bio; the avatar alone already shows on every post and in chat.
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAuth, useModelName } from '../auth';

const cssUrl = (url: string) => `url("${url.replace(/["\\]/g, '')}")`;

/**
 * Theme 2 (console: Settings → Theme 2): a full-width banner (a phone variant below 767 px) with the profile
 * image and the name over it, then the bio. Shown whenever theme 2 is on and a banner is set.
 */
function Theme2Header({ banner, mobile, avatar, name, bio }: { banner: string; mobile: string | null; avatar: string | null; name: string; bio: string }) {
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
          <Avatar
            src={avatar ?? undefined}
            alt=""
            data-testid="creator-avatar"
            sx={{ width: { xs: 56, sm: 76 }, height: { xs: 56, sm: 76 }, border: 3, borderColor: 'common.white', bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, fontSize: 28 }}
          >
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography variant="h5" component="h2" sx={{ color: 'common.white', fontWeight: 700, textShadow: '0 1px 4px rgba(0,0,0,0.6)', overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
        </Box>
      </Box>
      {bio && (
        <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 2.5 }, py: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="creator-bio">
          {bio}
        </Typography>
      )}
    </Paper>
  );
}

export function CreatorHeader() {
  const { settings } = useAuth();
  const name = useModelName();
  const cover = settings?.model_cover_url ?? null;
  const bio = settings?.model_bio?.trim() ?? '';
  if (settings?.theme2_enabled && settings.theme2_banner_image_url)
    return (
      <Theme2Header
        banner={settings.theme2_banner_image_url}
        mobile={settings.theme2_banner_mobile_image_url ?? null}
        avatar={settings.theme2_profile_image_url ?? settings.model_avatar_url ?? null}
        name={name}
        bio={bio}
      />
    );
  if (!cover && !bio) return null;
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
        role={cover ? 'img' : undefined}
        aria-label={cover ? `${name} cover image` : undefined}
        sx={{
          aspectRatio: '3 / 1',
          bgcolor: 'action.hover',
          background: (t) => (cover ? undefined : `linear-gradient(135deg, ${t.palette.primary.main}55 0%, transparent 80%)`),
          backgroundImage: cover ? `url("${cover.replace(/["\\]/g, '')}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      />
      <Box sx={{ px: { xs: 2, sm: 2.5 }, pb: 2, mt: { xs: '-36px', sm: '-44px' } }}>
        <Avatar
          src={settings?.model_avatar_url ?? undefined}
          alt=""
          data-testid="creator-avatar"
          sx={{ width: { xs: 72, sm: 88 }, height: { xs: 72, sm: 88 }, border: 3, borderColor: 'background.paper', bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700, fontSize: 32 }}
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mt: 0.75, overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {bio && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="creator-bio">
            {bio}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
