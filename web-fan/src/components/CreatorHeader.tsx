// The creator over the feed (issue 11 item 15): cover image, avatar, name and bio from the creator's profile
// (console → My profile; settings model_cover_url, model_avatar_url, model_name, model_bio). Shown once the
// creator has set a cover or a bio; the avatar alone already shows on every post and in chat.
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAuth, useModelName } from '../auth';

export function CreatorHeader() {
  const { settings } = useAuth();
  const name = useModelName();
  const cover = settings?.model_cover_url ?? null;
  const bio = settings?.model_bio?.trim() ?? '';
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
