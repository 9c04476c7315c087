// The promotion ribbon with its countdown: colours, paddings, font, the four
// font sizes (320 / 767 / 1024 / 1440 px), animation, delay and duration from the promotion settings; placed above
// the menu, above the hero or below the hero. It hides when its countdown ends, and when promotions are off.
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { keyframes } from '@mui/material/styles';
import type { PromotionRibbonView } from '../../../domain/promotion/wire';
import { countdownText } from '../../../domain/promotion/wire';
import { DEFAULT_REMAINING_TIME_FONT_SIZES, fourSizes, type RibbonSettings } from '../../../domain/promotion/promotion-settings';
import { formatMoney } from '../../../domain/shared/money';
import { useAuth } from '../auth';
import { useNow, usePromotions } from './PromotionContext';

export type RibbonSlot = 'above menu' | 'top' | 'below hero';

const fade = keyframes`from { opacity: 0 } to { opacity: 1 }`;
const slide = keyframes`from { transform: translateY(-100%); opacity: 0 } to { transform: none; opacity: 1 }`;
const pulse = keyframes`0%, 100% { transform: scale(1) } 50% { transform: scale(1.03) }`;
const bounce = keyframes`0%, 100% { transform: translateY(0) } 40% { transform: translateY(-4px) } 60% { transform: translateY(2px) }`;
const ANIMATIONS: Record<string, { frames: string; repeat: boolean }> = {
  fade: { frames: fade, repeat: false },
  'fade-in': { frames: fade, repeat: false },
  slide: { frames: slide, repeat: false },
  'slide-down': { frames: slide, repeat: false },
  pulse: { frames: pulse, repeat: true },
  bounce: { frames: bounce, repeat: true },
};

/** The four breakpoint sizes as responsive CSS (below 767 px the first, then 767, 1024, 1440). */
function responsiveSize(value: string, fallback?: string) {
  const [s320, s767, s1024, s1440] = fourSizes(value, fallback);
  return {
    fontSize: s320,
    '@media (min-width:767px)': { fontSize: s767 },
    '@media (min-width:1024px)': { fontSize: s1024 },
    '@media (min-width:1440px)': { fontSize: s1440 },
  };
}

function animationOf(s: RibbonSettings) {
  const a = ANIMATIONS[s.ribbon_animation?.toLowerCase?.() ?? ''];
  if (!a) return {};
  return {
    animation: `${a.frames} ${s.animation_duration || 1000}ms ease ${s.animation_delay || 0}ms ${a.repeat ? 'infinite' : 'both'}`,
    '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
  };
}

function Ribbon({ ribbon, endsAt, cta }: { ribbon: PromotionRibbonView; endsAt: number; cta: ReactNode }) {
  const now = useNow(true);
  const remaining = endsAt - now;
  if (remaining <= 0) return null;
  const s = ribbon.settings;
  const preview = !ribbon.applies_to_viewer;
  return (
    <Box
      role="region"
      aria-label="Promotion"
      data-testid="promotion-ribbon"
      data-type={ribbon.promotion_type}
      data-position={s.position}
      sx={{
        bgcolor: s.ribbon_background_color,
        color: s.promo_text_color,
        pt: `${s.ribbon_padding_top}px`,
        pb: `${s.ribbon_padding_bottom}px`,
        px: { xs: 1.5, sm: 3 },
        fontFamily: s.promo_text_font && s.promo_text_font !== 'inherit' ? s.promo_text_font : undefined,
        textAlign: 'center',
        overflow: 'hidden',
        ...animationOf(s),
      }}
    >
      <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', columnGap: 2, rowGap: 0.75 }}>
        <Box component="span" sx={{ fontWeight: 700, lineHeight: 1.25, wordBreak: 'break-word', ...responsiveSize(s.promo_text_font_size) }} data-testid="promotion-ribbon-text">
          {ribbon.ribbon_text}
        </Box>
        <Box
          component="span"
          role="timer"
          aria-live="off"
          aria-label={`Ends in ${countdownText(remaining)}`}
          data-testid="promotion-countdown"
          sx={{
            display: 'inline-flex',
            alignItems: 'baseline',
            gap: 0.75,
            fontVariantNumeric: 'tabular-nums',
            fontWeight: 600,
            whiteSpace: 'nowrap',
            ...responsiveSize(s.remaining_time_font_size, DEFAULT_REMAINING_TIME_FONT_SIZES),
          }}
        >
          <Box component="span" sx={{ opacity: 0.85, fontWeight: 500, fontSize: '0.75em' }}>
            Ends in
          </Box>
          {countdownText(remaining)}
        </Box>
        {preview ? (
          <Box component="span" sx={{ fontSize: 12, px: 1, py: 0.25, borderRadius: 1, border: '1px solid currentColor', opacity: 0.85 }} data-testid="promotion-preview-label">
            Preview · fans see this
          </Box>
        ) : (
          cta
        )}
      </Box>
      {ribbon.repeat_message && (
        <Box sx={{ fontSize: 12, opacity: 0.85, mt: 0.5 }} data-testid="promotion-repeat">
          {ribbon.repeat_message}
        </Box>
      )}
    </Box>
  );
}

function SubscribeCta({ ribbon }: { ribbon: PromotionRibbonView }) {
  const { token } = useAuth();
  const price = ribbon.subscription_initial_amount_cents;
  return (
    <Button
      component={RouterLink}
      to={token ? '/subscribe' : '/register'}
      size="small"
      variant="outlined"
      color="inherit"
      data-testid="promotion-subscribe"
      sx={{ borderColor: 'currentColor', py: 0.25, whiteSpace: 'nowrap', fontWeight: 700 }}
    >
      {price !== null ? `Join for ${formatMoney(price)}` : 'Subscribe'}
    </Button>
  );
}

/**
 * The ribbons for one place in the page: 'above menu' (before the top bar), 'top' (under the bar: 'above hero',
 * and 'below hero' on pages without a hero) and 'below hero' (the feed's slot under its hero).
 */
export function PromotionRibbons({ at }: { at: RibbonSlot }) {
  const { data, endsAt, heroSlot, registerHeroSlot } = usePromotions();
  useEffect(() => (at === 'below hero' ? registerHeroSlot() : undefined), [at, registerHeroSlot]);
  if (!data) return null;
  const wanted = (position: string) => {
    if (at === 'above menu') return position === 'above menu';
    if (at === 'below hero') return position === 'below hero';
    return position === 'above hero' || (position === 'below hero' && !heroSlot);
  };
  const ribbons = [data.subscription, data.locked_content].filter((r): r is PromotionRibbonView => !!r && wanted(r.settings.position));
  if (ribbons.length === 0) return null;
  return (
    <>
      {ribbons.map((r) => (
        <Ribbon key={r.promotion_id} ribbon={r} endsAt={endsAt(r)} cta={r.promotion_type === 'SUBSCRIPTION' ? <SubscribeCta ribbon={r} /> : null} />
      ))}
    </>
  );
}
