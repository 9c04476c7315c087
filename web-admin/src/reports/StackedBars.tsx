// The reporting page's stacked bar chart: one bar per period, a segment per series (negative ones below the axis),
// scaled to the box's width.
import { useEffect, useRef, useState } from 'react';
import { Box, Stack, Typography, useTheme } from '@mui/material';
import { money } from '../format';

export interface StackSeries {
  key: string;
  label: string;
  color: string;
}

const HEIGHT = 260;
const PAD = { top: 12, right: 12, bottom: 28, left: 56 };

const niceMax = (v: number) => {
  if (v <= 0) return 100;
  const exp = Math.pow(10, Math.floor(Math.log10(v)));
  const f = v / exp;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * exp;
};
const compact = (cents: number, asMoney: boolean) => {
  const v = asMoney ? cents / 100 : cents;
  const s = Math.abs(v) >= 1000 ? `${(v / 1000).toFixed(Math.abs(v) >= 10000 ? 0 : 1)}k` : `${Number.isInteger(v) ? v : v.toFixed(2)}`;
  return asMoney ? `$${s}` : s;
};

/**
 * Stacked bars per period (positive values up; what came back — a negative net for a source — down below zero),
 * SVG measured with ResizeObserver. `values[period][series]` in cents (or counts when `asMoney` is false).
 */
export function StackedBars({ periods, series, values, label, asMoney = true, periodLabel }: {
  periods: string[]; series: StackSeries[]; values: Record<string, Record<string, number>>; label: string; asMoney?: boolean; periodLabel: (p: string) => string;
}) {
  const theme = useTheme();
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const o = new ResizeObserver(entries => {
      const w = entries[0]?.contentRect.width;
      if (w) setWidth(Math.floor(w));
    });
    o.observe(el);
    return () => o.disconnect();
  }, []);
  const pos = periods.map(p => series.reduce((n, s) => n + Math.max(0, values[p]?.[s.key] ?? 0), 0));
  const neg = periods.map(p => series.reduce((n, s) => n + Math.min(0, values[p]?.[s.key] ?? 0), 0));
  const top = niceMax(Math.max(0, ...pos));
  const bottom = Math.min(0, ...neg) < 0 ? -niceMax(-Math.min(...neg)) : 0;
  const innerW = Math.max(0, width - PAD.left - PAD.right);
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((top - v) / (top - bottom)) * innerH;
  const step = periods.length ? innerW / periods.length : 0;
  const barW = Math.max(2, Math.min(48, step * 0.7));
  const every = Math.max(1, Math.ceil(periods.length / Math.max(1, Math.floor(innerW / 56))));
  const ticks = [top, top / 2, 0, ...(bottom < 0 ? [bottom] : [])];
  return (
    <Box sx={{ width: '100%', minWidth: 0 }} data-testid="report-chart">
      {/* Measured box, chart drawn absolutely inside: the svg's width never widens the page (375 px phones). */}
      <Box ref={ref} sx={{ position: 'relative', height: HEIGHT, width: '100%', overflow: 'hidden' }}>
      {width > 0 ? (
        <svg width={width} height={HEIGHT} role="img" aria-label={label} style={{ position: 'absolute', left: 0, top: 0, display: 'block', fontFamily: theme.typography.fontFamily }}>
          <title>{label}</title>
          {ticks.map(t => (
            <g key={t}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} stroke={theme.palette.divider} strokeDasharray={t === 0 ? undefined : '3 3'} />
              <text x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>{compact(t, asMoney)}</text>
            </g>
          ))}
          {periods.map((p, i) => {
            const x = PAD.left + i * step + (step - barW) / 2;
            let up = 0;
            let down = 0;
            return (
              <g key={p} data-period={p}>
                {series.map(s => {
                  const v = values[p]?.[s.key] ?? 0;
                  if (!v) return null;
                  const from = v > 0 ? up : down;
                  const to = from + v;
                  if (v > 0) up = to;
                  else down = to;
                  const y1 = y(Math.max(from, to));
                  const h = Math.max(1, Math.abs(y(from) - y(to)));
                  return (
                    <rect key={s.key} x={x} y={y1} width={barW} height={h} fill={s.color} opacity={v < 0 ? 0.55 : 1}>
                      <title>{`${periodLabel(p)} · ${s.label}: ${asMoney ? money(v) : v}`}</title>
                    </rect>
                  );
                })}
                {(periods.length - 1 - i) % every === 0 ? (
                  <text x={PAD.left + i * step + step / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill={theme.palette.text.secondary}>{periodLabel(p)}</text>
                ) : null}
              </g>
            );
          })}
        </svg>
      ) : null}
      </Box>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', mt: 1 }}>
        {series.map(s => (
          <Stack key={s.key} direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: s.color }} />
            <Typography variant="caption" color="text.secondary">{s.label}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
