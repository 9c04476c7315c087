// A live preview of the theme page's colours and font: a small fan-site post card drawn from the form's values
// as they are typed, so the creator sees the look before saving.
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { DEFAULT_SETTINGS as D } from '../../../domain/settings/settings';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const colourOr = (v: unknown, fallback: string) => (typeof v === 'string' && HEX.test(v.trim()) ? v.trim() : fallback);

export function ThemePreview() {
  const values = useWatch() as Record<string, unknown>;
  const page = colourOr(values.content_color, D.content_color);
  const card = colourOr(values.card_background_color, D.card_background_color);
  const text = colourOr(values.content_font_color, D.content_font_color);
  const secondary = colourOr(values.site_font_color, D.site_font_color);
  const theme = colourOr(values.theme_color, D.theme_color);
  const buttonText = colourOr(values.theme_font_color, D.theme_font_color);
  const shadow = colourOr(values.button_shadow_color, D.button_shadow_color);
  const font = typeof values.font_family === 'string' && /^[\w\s"',.-]+$/.test(values.font_family) ? values.font_family : D.font_family;
  const name = typeof values.model_name === 'string' && values.model_name ? values.model_name : 'Your name';
  return (
    <Card variant="outlined" sx={{ position: { lg: 'sticky' }, top: { lg: 72 } }} data-testid="theme-preview">
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          Preview
        </Typography>
        <Box sx={{ bgcolor: page, p: 2, borderRadius: 2, fontFamily: font }} data-testid="theme-preview-page">
          <Box sx={{ bgcolor: card, color: text, borderRadius: 2, p: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ width: 32, height: 32, borderRadius: '50%', bgcolor: theme }} />
              <Box>
                <Box sx={{ fontWeight: 700, fontSize: 14 }}>{name}</Box>
                <Box sx={{ color: secondary, fontSize: 12 }}>3 h ago · Members</Box>
              </Box>
            </Box>
            <Box sx={{ mt: 1.5, fontSize: 14 }}>New photos from the weekend shoot are up.</Box>
            <Box sx={{ mt: 1.5, height: 96, borderRadius: 1.5, background: `linear-gradient(135deg, ${theme}55, ${secondary}33)` }} />
            <Box
              component="span"
              sx={{ display: 'inline-block', mt: 1.5, px: 2, py: 0.75, borderRadius: 999, bgcolor: theme, color: buttonText, fontWeight: 600, fontSize: 13, boxShadow: `0 4px 14px ${shadow}` }}
            >
              Unlock for $9.99
            </Box>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
