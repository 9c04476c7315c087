// The subscription page's payment form styling (console: Settings → Subscription page;
// the payment_form_* settings): colours left empty keep the site theme's; radius and padding are pixels.
import type { SxProps, Theme } from '@mui/material/styles';
import type { PublicSettings } from '../../../domain/settings/wire';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const colour = (v: string | null | undefined) => (typeof v === 'string' && HEX.test(v) ? v : undefined);
const px = (v: number | null | undefined, max: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(Math.max(0, Math.round(v)), max) : undefined);

export function paymentFormStyle(s: Partial<PublicSettings> | null | undefined): { card: SxProps<Theme>; button: SxProps<Theme> } {
  const bg = colour(s?.payment_form_bg_color);
  const text = colour(s?.payment_form_text_color);
  const btnBg = colour(s?.payment_form_btn_bg_color);
  const btnText = colour(s?.payment_form_btn_text_color);
  const radius = px(s?.payment_form_border_radius, 40);
  const padding = px(s?.payment_form_padding, 60);
  return {
    card: {
      ...(bg ? { bgcolor: bg } : {}),
      ...(text ? { color: text, '& .MuiTypography-root': { color: text } } : {}),
      ...(radius !== undefined ? { borderRadius: `${radius}px` } : {}),
      ...(padding !== undefined ? { p: `${padding}px` } : {}),
    },
    button: {
      ...(btnBg ? { bgcolor: btnBg, '&:hover': { bgcolor: btnBg, filter: 'brightness(1.08)' } } : {}),
      ...(btnText ? { color: btnText } : {}),
    },
  };
}
