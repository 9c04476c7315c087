// The creator's avatar with the presence dot: green while online, none otherwise (the words say "Active … ago").
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import type { SxProps, Theme } from '@mui/material/styles';
import { useAuth, useModelName } from '../auth';

/** `src`: another picture than the creator's avatar (theme 2's profile image). */
export function CreatorAvatar({ online, size, sx, testId, src }: { online: boolean; size: { xs: number; sm: number } | number; sx?: SxProps<Theme>; testId?: string; src?: string | null }) {
  const { settings } = useAuth();
  const name = useModelName();
  const dot = typeof size === 'number' ? Math.max(10, Math.round(size / 5.5)) : { xs: Math.max(10, Math.round(size.xs / 5.5)), sm: Math.max(10, Math.round(size.sm / 5.5)) };
  return (
    <Badge
      overlap="circular"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      variant="dot"
      invisible={!online}
      data-testid="creator-online-dot"
      data-online={online ? 'true' : 'false'}
      sx={{
        flexShrink: 0,
        '& .MuiBadge-badge': { bgcolor: 'success.main', width: dot, height: dot, borderRadius: '50%', border: 2, borderColor: 'background.paper' },
      }}
    >
      <Avatar
        src={(src ?? settings?.model_avatar_url) || undefined}
        alt=""
        data-testid={testId}
        sx={[{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
    </Badge>
  );
}
