// What the profile header shows under the creator's name: the presence line, the bio, the social links, the
// counts and — for a signed-out visitor or a fan who is not a member — the subscribe button with the price; a
// member sees "Subscribed"; staff (and an admin's proxy view) see neither.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ArticleRounded from '@mui/icons-material/ArticleRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import PhotoCameraRounded from '@mui/icons-material/PhotoCameraRounded';
import VideocamRounded from '@mui/icons-material/VideocamRounded';
import type { CreatorProfileCounts } from '../../../domain/creator/wire';
import { useAuth, useIsProxy } from '../auth';
import { isMember, isStaff, money } from '../format';
import { SocialIcons } from './SocialIcons';
import { compactCount } from './creatorProfile';

const plural = (n: number, one: string) => `${one}${n === 1 ? '' : 's'}`;

export function PresenceLine({ line }: { line: string | null }) {
  if (!line) return null;
  return (
    <Typography variant="body2" component="p" data-testid="creator-presence" sx={{ color: line === 'Online now' ? 'success.main' : 'text.secondary', fontWeight: line === 'Online now' ? 600 : 400 }}>
      {line}
    </Typography>
  );
}

export function ProfileCounts({ counts }: { counts: CreatorProfileCounts | undefined }) {
  const items = [
    { key: 'posts', n: counts?.posts, label: 'post', Icon: ArticleRounded },
    { key: 'photos', n: counts?.photos, label: 'photo', Icon: PhotoCameraRounded },
    { key: 'videos', n: counts?.videos, label: 'video', Icon: VideocamRounded },
    { key: 'likes', n: counts?.likes, label: 'like', Icon: FavoriteRounded },
  ];
  return (
    <Box component="ul" aria-label="Counts" data-testid="creator-counts" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: { xs: 1.5, sm: 2.5 }, rowGap: 0.5 }}>
      {items.map(({ key, n, label, Icon }) => (
        <Box component="li" key={key} data-testid={`creator-count-${key}`} data-count={n ?? ''} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', fontSize: { xs: 13, sm: 14 } }}>
          <Icon sx={{ fontSize: 17 }} aria-hidden />
          <Box component="span" sx={{ color: 'text.primary', fontWeight: 700 }}>{n === undefined ? '–' : compactCount(n)}</Box>
          <span>{plural(n ?? 0, label)}</span>
        </Box>
      ))}
    </Box>
  );
}

/** The price a new member pays now, and the monthly price after it when that differs. */
function priceText(settings: ReturnType<typeof useAuth>['settings']): { now: string; then: string | null } {
  const first = settings?.membership_price ?? 0;
  const monthly = settings?.recurring_membership_price || first;
  return { now: first ? `${money(first)} / month` : 'Free', then: monthly && monthly !== first ? `then ${money(monthly)} / month` : null };
}

export function SubscribeAction() {
  const { token, me, loadingMe, settings } = useAuth();
  const proxy = useIsProxy();
  if ((token && loadingMe) || proxy || isStaff(me)) return null;
  if (isMember(me))
    return <Chip icon={<CheckCircleRounded />} label="Subscribed" color="success" variant="outlined" data-testid="creator-subscribed" sx={{ fontWeight: 600 }} />;
  const price = priceText(settings);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'stretch', sm: 'flex-end' }, gap: 0.25, width: { xs: '100%', sm: 'auto' } }}>
      <Button
        component={RouterLink}
        to={token ? '/membership' : '/register'}
        variant="contained"
        size="large"
        data-testid="creator-subscribe"
        sx={{ px: 3, fontWeight: 700, whiteSpace: 'nowrap' }}
      >
        Subscribe · {price.now}
      </Button>
      {price.then && (
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: { xs: 'center', sm: 'right' } }}>
          {price.then}
        </Typography>
      )}
    </Box>
  );
}

export function ProfileLinks() {
  const { settings } = useAuth();
  return (
    <Box sx={{ ml: -1 }}>
      <SocialIcons links={settings?.social_links} size="small" justify="flex-start" testId="creator-social-links" />
    </Box>
  );
}

