import { useEffect, useRef, useState } from 'react';
import { Box, useTheme } from '@mui/material';
import { money } from '../format';

export interface ChartPoint {
  day: string; // YYYY-MM-DD
  cents: number;
}

const HEIGHT = 240;
const PAD = { top: 12, right: 16, bottom: 28, left: 52 };

function niceMax(value: number): number {
  if (value <= 0) return 100; // $1 scale for an all-zero month
  const exp = Math.pow(10, Math.floor(Math.log10(value)));
  const f = value / exp;
  const nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return nice * exp;
}

const shortDay = (day: string) => {
  const [, m, d] = day.split('-').map(Number);
  return `${m}/${d}`;
};

const compactMoney = (cents: number) => {
  const dollars = cents / 100;
  if (dollars >= 1000) return `$${(dollars / 1000).toFixed(dollars >= 10000 ? 0 : 1)}k`;
  return `$${dollars % 1 === 0 ? dollars.toFixed(0) : dollars.toFixed(2)}`;
};

/** A small responsive bar chart (SVG, measured with ResizeObserver). */
export function EarningsChart({ data, label = 'Earnings, last 30 days' }: { data: ChartPoint[]; label?: string }) {
  const theme = useTheme();
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(entries => {
      const w = entries[0]?.contentRect.width;
      if (w) setWidth(Math.floor(w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const max = niceMax(Math.max(0, ...data.map(d => d.cents)));
  const innerW = Math.max(0, width - PAD.left - PAD.right);
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = data.length > 0 ? innerW / data.length : 0;
  const barW = Math.max(2, step * 0.7);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map(f => f * max);
  const labelEvery = Math.max(1, Math.ceil(data.length / Math.max(1, Math.floor(innerW / 48))));
  const total = data.reduce((sum, d) => sum + d.cents, 0);
  const y = (cents: number) => PAD.top + innerH - (Math.max(0, cents) / max) * innerH;

  return (
    <Box ref={ref} sx={{ width: '100%', minWidth: 0 }} data-testid="earnings-chart">
      {width > 0 ? (
        <svg
          width={width}
          height={HEIGHT}
          role="img"
          aria-label={`${label}: ${money(total)} in total`}
          style={{ display: 'block', fontFamily: theme.typography.fontFamily }}
        >
          <title>{`${label}: ${money(total)} in total`}</title>
          {ticks.map(t => (
            <g key={t}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={y(t)}
                y2={y(t)}
                stroke={theme.palette.divider}
                strokeDasharray={t === 0 ? undefined : '3 3'}
              />
              <text x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>
                {compactMoney(t)}
              </text>
            </g>
          ))}
          {data.map((d, i) => {
            const x = PAD.left + i * step + (step - barW) / 2;
            const top = y(d.cents);
            const h = Math.max(d.cents > 0 ? 1 : 0, PAD.top + innerH - top);
            return (
              <g key={d.day}>
                <rect
                  x={x}
                  y={PAD.top + innerH - h}
                  width={barW}
                  height={h}
                  rx={Math.min(3, barW / 3)}
                  fill={theme.palette.primary.main}
                  data-day={d.day}
                >
                  <title>{`${d.day}: ${money(d.cents)}`}</title>
                </rect>
                {(data.length - 1 - i) % labelEvery === 0 ? (
                  <text
                    x={PAD.left + i * step + step / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    fontSize={11}
                    fill={theme.palette.text.secondary}
                  >
                    {shortDay(d.day)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      ) : (
        <Box sx={{ height: HEIGHT }} />
      )}
    </Box>
  );
}
