// Social links (icons driven by settings). Instagram, X, Facebook and YouTube come from MUI; the
// others are drawn here as simple one-colour glyphs so they follow the surrounding text colour.
import type { ReactElement } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import Tooltip from './LazyTooltip';
import Instagram from '@mui/icons-material/Instagram';
import X from '@mui/icons-material/X';
import Facebook from '@mui/icons-material/Facebook';
import YouTube from '@mui/icons-material/YouTube';
import LanguageRounded from '@mui/icons-material/LanguageRounded';
import CardGiftcardRounded from '@mui/icons-material/CardGiftcardRounded';
import type { SocialLinks, SocialNetwork } from '../../../domain/settings/landing';
import { SOCIAL_NETWORKS } from '../../../domain/settings/landing';

function TikTok(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M16.2 2h-3.3v13.3a2.9 2.9 0 1 1-2.9-2.9c.3 0 .6 0 .9.1V9.2a6.2 6.2 0 1 0 5.3 6.1V8.7a7.6 7.6 0 0 0 4.3 1.3V6.7a4.3 4.3 0 0 1-4.3-4.3Z" />
    </SvgIcon>
  );
}

function Twitch(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M4.3 2 3 5.4v14h4.7V22h2.7l2.6-2.6h3.8l5.2-5.2V2H4.3Zm15.4 11.3-2.9 2.9h-4.7L9.6 18.7v-2.5H5.8V3.9h13.9v9.4ZM16.3 6.8h-1.9v5.5h1.9V6.8Zm-5.1 0H9.3v5.5h1.9V6.8Z" />
    </SvgIcon>
  );
}

function Discord(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M19.3 5.3A16.6 16.6 0 0 0 15.2 4l-.5 1.1a15.4 15.4 0 0 0-5.4 0L8.8 4a16.6 16.6 0 0 0-4.1 1.3C2.1 9.2 1.4 13 1.7 16.7a16.7 16.7 0 0 0 5.1 2.6l1.1-1.8a10.8 10.8 0 0 1-1.7-.8l.4-.3a11.9 11.9 0 0 0 10.8 0l.4.3c-.5.3-1.1.6-1.7.8l1.1 1.8a16.6 16.6 0 0 0 5.1-2.6c.4-4.3-.7-8-3-11.4ZM8.5 14.4c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Zm7 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Z" />
    </SvgIcon>
  );
}

function Snapchat(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 2.6c2.9 0 5 2.2 5 5.1v2.2l1.5-.5c.6-.2 1.1.5.6 1-.6.5-1.5.9-2.1 1.1.6 1.7 2 3.3 3.8 3.9.4.1.4.7 0 .8-.8.4-1.7.6-2.5.7l-.4 1.2c-.9-.1-1.9-.3-2.9.1-.9.4-1.6 1.3-3 1.3s-2.1-.9-3-1.3c-1-.4-2-.2-2.9-.1l-.4-1.2c-.8-.1-1.7-.3-2.5-.7-.4-.1-.4-.7 0-.8 1.8-.6 3.2-2.2 3.8-3.9-.6-.2-1.5-.6-2.1-1.1-.5-.5 0-1.2.6-1l1.5.5V7.7c0-2.9 2.1-5.1 5-5.1Z" />
    </SvgIcon>
  );
}

const NETWORKS: Record<SocialNetwork, { label: string; Icon: (p: SvgIconProps) => ReactElement }> = {
  instagram: { label: 'Instagram', Icon: (p) => <Instagram {...p} /> },
  twitter: { label: 'X (Twitter)', Icon: (p) => <X {...p} /> },
  facebook: { label: 'Facebook', Icon: (p) => <Facebook {...p} /> },
  tiktok: { label: 'TikTok', Icon: TikTok },
  twitch: { label: 'Twitch', Icon: Twitch },
  discord: { label: 'Discord', Icon: Discord },
  snapchat: { label: 'Snapchat', Icon: Snapchat },
  youtube: { label: 'YouTube', Icon: (p) => <YouTube {...p} /> },
  website: { label: 'Website', Icon: (p) => <LanguageRounded {...p} /> },
  amazon_wishlist: { label: 'Amazon wishlist', Icon: (p) => <CardGiftcardRounded {...p} /> },
};

export function hasSocialLinks(links: SocialLinks | null | undefined): boolean {
  return !!links && SOCIAL_NETWORKS.some((n) => !!links[n]);
}

/** One icon link per network the creator filled in; nothing when none. */
export function SocialIcons({
  links,
  size = 'medium',
  color = 'inherit',
  justify = 'center',
  testId = 'social-icons',
}: {
  links: SocialLinks | null | undefined;
  size?: 'small' | 'medium';
  color?: string;
  justify?: 'center' | 'flex-start' | 'flex-end';
  testId?: string;
}) {
  if (!hasSocialLinks(links)) return null;
  return (
    <Box component="ul" aria-label="Social links" data-testid={testId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: justify }}>
      {SOCIAL_NETWORKS.filter((n) => links![n]).map((n) => {
        const { label, Icon } = NETWORKS[n];
        return (
          <li key={n}>
            <Tooltip title={label}>
              <IconButton
                component="a"
                href={links![n]}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={label}
                size={size}
                data-testid={`social-${n}`}
                sx={{ color, opacity: 0.9, '&:hover': { opacity: 1, bgcolor: 'rgba(127,127,127,0.16)' } }}
              >
                <Icon fontSize={size === 'small' ? 'small' : 'medium'} />
              </IconButton>
            </Tooltip>
          </li>
        );
      })}
    </Box>
  );
}
