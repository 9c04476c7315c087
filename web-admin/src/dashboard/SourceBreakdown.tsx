import { Box, Typography, useTheme } from '@mui/material';
import { money } from '../format';

const LABELS: Record<string, string> = { subscriptions: 'Subscriptions', unlocks: 'Unlocked posts', tips: 'Tips', chat: 'Chat messages' };

/** Earnings by source as horizontal bars: where the money comes from reads faster than a table of four numbers. */
export function SourceBreakdown({ data }: { data: { source: string; cents: number }[] }) {
  const theme = useTheme();
  const max = Math.max(1, ...data.map((d) => Math.max(0, d.cents)));
  const total = data.reduce((s, d) => s + d.cents, 0);
  const shades = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.success.main, theme.palette.info.main];
  return (
    <Box component="ul" aria-label="Earnings by source, last 30 days" data-testid="earnings-by-source" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}>
      {data.map((d, i) => {
        const share = total > 0 ? Math.round((100 * Math.max(0, d.cents)) / total) : 0;
        return (
          <Box component="li" key={d.source} data-source={d.source} data-cents={d.cents}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
              <Typography variant="body2">{LABELS[d.source] ?? d.source}</Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
                {money(d.cents)} {total > 0 && `· ${share}%`}
              </Typography>
            </Box>
            <Box sx={{ height: 10, borderRadius: 5, bgcolor: 'action.hover', overflow: 'hidden' }}>
              <Box sx={{ height: '100%', width: `${(100 * Math.max(0, d.cents)) / max}%`, bgcolor: shades[i % shades.length], borderRadius: 5, transition: 'width .3s' }} />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
