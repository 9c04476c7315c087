// Banner backgrounds shared by the feed's hero banner and the landing page: a looping video (the mobile video
// below 999 px), rotating images, and the mute/unmute button shown while a video banner is on.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import VolumeOffRounded from '@mui/icons-material/VolumeOffRounded';
import VolumeUpRounded from '@mui/icons-material/VolumeUpRounded';

/** Below 999 px the banners use their mobile video. */
export function useMobileVideo(): boolean {
  return useMediaQuery('(max-width:998.95px)', { noSsr: true });
}

export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
}

const fill: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' };

/** Muted, looping, inline background video. Browsers only autoplay muted video: sound is the viewer's choice. */
export function BannerVideo({ src, mobileSrc, muted, poster, testId }: { src: string | null; mobileSrc?: string | null; muted: boolean; poster?: string | null; testId?: string }) {
  const mobile = useMobileVideo();
  const ref = useRef<HTMLVideoElement>(null);
  const chosen = (mobile && mobileSrc) || src || mobileSrc || null;
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    v.muted = muted;
    if (!muted) v.play().catch(() => undefined);
  }, [muted, chosen]);
  if (!chosen) return null;
  return (
    <video
      key={chosen}
      ref={ref}
      src={chosen}
      poster={poster ?? undefined}
      autoPlay
      muted
      loop
      playsInline
      preload="metadata"
      aria-hidden
      tabIndex={-1}
      data-testid={testId}
      style={fill}
    />
  );
}

export function MuteButton({ muted, onToggle, sx }: { muted: boolean; onToggle: () => void; sx?: SxProps<Theme> }) {
  const label = muted ? 'Unmute video' : 'Mute video';
  return (
    <Tooltip title={label}>
      <IconButton
        onClick={onToggle}
        aria-label={label}
        aria-pressed={!muted}
        data-testid="mute-toggle"
        data-muted={muted ? 'true' : 'false'}
        sx={[{ color: '#fff', bgcolor: 'rgba(0,0,0,0.5)', '&:hover': { bgcolor: 'rgba(0,0,0,0.72)' }, width: 44, height: 44 }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {muted ? <VolumeOffRounded /> : <VolumeUpRounded />}
      </IconButton>
    </Tooltip>
  );
}

/** Cross-fading images, one every `interval` ms (still when the viewer prefers reduced motion); dots pick one. */
export function RotatingImages({ images, interval = 6000, alt = '' }: { images: string[]; interval?: number; alt?: string }) {
  const [current, setCurrent] = useState(0);
  const reduced = useReducedMotion();
  const count = images.length;
  useEffect(() => {
    if (count < 2 || reduced) return;
    const t = window.setInterval(() => setCurrent((c) => (c + 1) % count), interval);
    return () => window.clearInterval(t);
  }, [count, interval, reduced]);
  if (count === 0) return null;
  return (
    <>
      {images.map((src, i) => (
        <Box
          key={`${i}-${src}`}
          component="img"
          src={src}
          alt={i === current ? alt : ''}
          aria-hidden={i === current ? undefined : true}
          loading={i === 0 ? 'eager' : 'lazy'}
          decoding="async"
          data-testid="banner-image"
          data-active={i === current ? 'true' : 'false'}
          sx={{ ...fill, opacity: i === current ? 1 : 0, transition: 'opacity 900ms ease' }}
        />
      ))}
      {count > 1 && (
        <Box sx={{ position: 'absolute', zIndex: 2, bottom: 10, left: 0, right: 0, display: 'flex', justifyContent: 'center', gap: 0.5 }}>
          {images.map((_, i) => (
            <Box
              key={i}
              component="button"
              type="button"
              aria-label={`Show banner image ${i + 1} of ${count}`}
              aria-pressed={i === current}
              onClick={() => setCurrent(i)}
              sx={{ p: 0.75, border: 0, bgcolor: 'transparent', cursor: 'pointer', lineHeight: 0 }}
            >
              <Box component="span" sx={{ display: 'block', width: 8, height: 8, borderRadius: '50%', bgcolor: i === current ? '#fff' : 'rgba(255,255,255,0.5)', boxShadow: '0 0 3px rgba(0,0,0,0.6)' }} />
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

/** `heights` = four CSS lengths for 320, 767, 1024 and 1440 px and up (the settings' pipe-separated value). */
export function heightsSx(heights: readonly string[]) {
  const [a, b, c, d] = heights;
  return {
    height: a,
    '@media (min-width:767px)': { height: b },
    '@media (min-width:1024px)': { height: c },
    '@media (min-width:1440px)': { height: d },
  };
}
