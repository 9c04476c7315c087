// The announcement banner: for subscribers or non-subscribers as the creator
// switches it on, never for staff, not on /subscribe for the subscriber banner, open until dismissed (remembered in
// this browser per banner revision: a new text shows again). Font sizes per breakpoint 320 / 767 / 1024 / 1440 px.
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { keyframes } from '@mui/material/styles';
import { bannerFor } from '../../../domain/settings/shell';
import { useAuth, useIsProxy } from '../auth';
import { isMember } from '../format';

const DISMISSED_KEY = 'fanclub.bannerDismissed';
const readDismissed = (): number | null => {
  try {
    const v = localStorage.getItem(DISMISSED_KEY);
    return v === null ? null : Number(v);
  } catch {
    return null;
  }
};

const fade = keyframes`from { opacity: 0 } to { opacity: 1 }`;
const slide = keyframes`from { transform: translateY(-100%) } to { transform: translateY(0) }`;
const pulse = keyframes`0%, 100% { opacity: 1 } 50% { opacity: .6 }`;
const marquee = keyframes`from { transform: translateX(100%) } to { transform: translateX(-100%) }`;

export default function AnnouncementBanner() {
  const { me, settings } = useAuth();
  const proxy = useIsProxy();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(readDismissed);
  const b = settings?.shell?.announcement_banner;
  if (!b) return null;
  const role = proxy ? 'proxy_user' : (me?.role ?? null);
  const which = bannerFor(b, { role, member: isMember(me), pathname, dismissedRevision: dismissed });
  if (!which) return null;
  const text = which === 'subscriber' ? b.subscriber_announcement_banner_text : b.non_subscriber_announcement_banner_text;
  const [s320, s767, s1024, s1440] = b.font_sizes;
  const anim = { fade, slide, pulse, marquee }[b.ribbon_animation as 'fade'] ?? null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, String(b.announcement_banner_revision));
    } catch {
      /* private mode: closed for this page view only */
    }
    setDismissed(b.announcement_banner_revision);
  };
  return (
    <Box
      role="region"
      aria-label="Announcement"
      data-testid={`announcement-banner-${which}`}
      sx={{
        position: 'relative', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden',
        bgcolor: b.ribbon_background_color, color: b.promo_text_color,
        pt: `${b.ribbon_padding_top}px`, pb: `${b.ribbon_padding_bottom}px`, pl: 2, pr: 6,
      }}
    >
      <Box
        component="p"
        sx={{
          m: 0, textAlign: 'center', fontFamily: b.promo_text_font, fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere',
          fontSize: s320,
          '@media (min-width: 767px)': { fontSize: s767 },
          '@media (min-width: 1024px)': { fontSize: s1024 },
          '@media (min-width: 1440px)': { fontSize: s1440 },
          ...(anim
            ? {
                animation: `${anim} ${b.animation_duration || 1}s ease-in-out ${b.animation_delay}s ${b.ribbon_animation === 'pulse' || b.ribbon_animation === 'marquee' ? 'infinite' : '1'} both`,
                ...(b.ribbon_animation === 'marquee' ? { whiteSpace: 'nowrap' } : {}),
                '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
              }
            : {}),
        }}
      >
        {text}
      </Box>
      <IconButton aria-label="Dismiss announcement" onClick={dismiss} size="small" sx={{ position: 'absolute', right: 8, top: '50%', transform: 'translateY(-50%)', color: 'inherit' }} data-testid="announcement-banner-dismiss">
        <CloseRounded fontSize="small" />
      </IconButton>
    </Box>
  );
}
