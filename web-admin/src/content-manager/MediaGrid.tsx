import { useEffect, useMemo, useRef, type UIEvent } from 'react';
import { Alert, Box, Button, Checkbox, Chip, CircularProgress, Typography } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import type { LibraryMediaRecord } from '../../../domain/media/wire';
import { MEDIA_MESSAGES, dayLabel, fileSizeLabel } from '../../../domain/category/category';

/** The library asks for the next page once this much of the list has been scrolled (93 %). */
export const LOAD_MORE_AT = 0.93;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const durationLabel = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Items grouped under 'Today', 'Yesterday' or their date, keeping the list's order (newest first). */
function byDay(media: LibraryMediaRecord[], now: Date) {
  const groups: { label: string; items: LibraryMediaRecord[] }[] = [];
  for (const m of media) {
    const label = dayLabel(new Date(m.created_at), now, d => dateFormat.format(d));
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.items.push(m);
    else groups.push({ label, items: [m] });
  }
  return groups;
}

/**
 * The media grid of the Content Manager and its picker: a checkbox per item, 3 columns (4 from 992 px, 5 from
 * 1280 px), grouped by day, loading the next page as the list is scrolled. It is its own scroll container.
 */
export function MediaGrid({
  media,
  selected,
  onToggle,
  loading,
  loaded,
  hasMore,
  onLoadMore,
  error,
  onRetry,
  emptyText = MEDIA_MESSAGES.noMedia,
}: {
  media: LibraryMediaRecord[];
  selected: readonly string[];
  onToggle: (item: LibraryMediaRecord) => void;
  loading: boolean;
  loaded: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  error: string | null;
  onRetry: () => void;
  emptyText?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const groups = useMemo(() => byDay(media, new Date()), [media]);
  const chosen = useMemo(() => new Set(selected), [selected]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (hasMore && !loading && el.scrollTop + el.clientHeight >= el.scrollHeight * LOAD_MORE_AT) onLoadMore();
  };

  // A page that does not fill the box gives nothing to scroll: ask for the next one straight away.
  useEffect(() => {
    const el = scroller.current;
    if (el && hasMore && !loading && !error && el.scrollHeight <= el.clientHeight + 8) onLoadMore();
  }, [media.length, hasMore, loading, error, onLoadMore]);

  return (
    <Box ref={scroller} onScroll={onScroll} data-testid="library-grid" sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1, sm: 2 }, pb: 2 }}>
      {groups.map(group => (
        <Box component="section" key={group.label} aria-label={group.label}>
          <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', pt: 1.5, pb: 0.5 }} data-testid="library-day">
            {group.label}
          </Typography>
          <Box
            role="list"
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
              '@media (min-width: 992px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
              '@media (min-width: 1280px)': { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
            }}
          >
            {group.items.map(item => (
              <MediaTile key={item.id} item={item} selected={chosen.has(item.id)} onToggle={() => onToggle(item)} />
            ))}
          </Box>
        </Box>
      ))}
      {error ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
          data-testid="library-error"
        >
          {error}
        </Alert>
      ) : null}
      {loaded && !loading && !error && media.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="library-empty">
          {emptyText}
        </Typography>
      ) : null}
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label="Loading media" />
        </Box>
      ) : null}
    </Box>
  );
}

function MediaTile({ item, selected, onToggle }: { item: LibraryMediaRecord; selected: boolean; onToggle: () => void }) {
  const ready = item.status === 'ready' && item.thumbnail_url;
  return (
    <Box
      role="listitem"
      data-testid="library-item"
      data-status={item.status}
      data-kind={item.kind}
      data-selected={selected ? 'true' : 'false'}
      title={item.status === 'error' ? `${item.file_name}: there was a problem processing this file.` : item.file_name}
      onClick={onToggle}
      sx={{
        position: 'relative',
        aspectRatio: '1 / 1',
        borderRadius: 1,
        overflow: 'hidden',
        cursor: 'pointer',
        bgcolor: 'action.hover',
        outline: selected ? 3 : 1,
        outlineColor: selected ? 'primary.main' : 'divider',
        outlineOffset: selected ? -3 : -1,
        '&:hover .tile-shade': { opacity: 1 },
      }}
    >
      {ready ? (
        <img src={item.thumbnail_url} alt={item.file_name} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      ) : (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 0.5, p: 1, textAlign: 'center' }}>
          {item.status === 'error' ? (
            <ErrorOutlineIcon color="error" fontSize="large" />
          ) : (
            <CircularProgress size={26} aria-label={`${item.file_name} is processing`} data-testid="library-item-processing" />
          )}
          <Typography variant="caption" color="text.secondary" noWrap sx={{ maxWidth: '100%' }}>
            {item.status === 'error' ? 'Failed' : 'Processing'}
          </Typography>
        </Box>
      )}
      <Box
        className="tile-shade"
        sx={{
          position: 'absolute',
          inset: 0,
          pointerEvents: 'none',
          background: 'linear-gradient(to bottom, rgba(0,0,0,.45), rgba(0,0,0,0) 35%, rgba(0,0,0,0) 65%, rgba(0,0,0,.55))',
          opacity: selected || item.kind === 'video' || item.size !== undefined ? 1 : 0,
          transition: 'opacity .15s',
        }}
      />
      <Checkbox
        checked={selected}
        onClick={event => event.stopPropagation()}
        onChange={onToggle}
        size="small"
        slotProps={{ input: { 'aria-label': `Select ${item.file_name}` } }}
        data-testid="library-item-checkbox"
        sx={{
          position: 'absolute',
          top: 2,
          left: 2,
          p: 0.5,
          color: 'common.white',
          '&.Mui-checked': { color: 'common.white' },
          '& .MuiSvgIcon-root': { filter: 'drop-shadow(0 0 2px rgba(0,0,0,.8))' },
        }}
      />
      {item.status === 'error' ? (
        <Chip label="Error" color="error" size="small" data-testid="library-item-error" sx={{ position: 'absolute', top: 6, right: 6, height: 20, fontSize: 11 }} />
      ) : null}
      {item.kind === 'video' ? (
        <Box sx={{ position: 'absolute', left: 6, bottom: 4, display: 'flex', alignItems: 'center', gap: 0.5, color: 'common.white', textShadow: '0 0 3px #000' }}>
          <PlayCircleOutlineIcon sx={{ fontSize: 18 }} />
          {item.video_duration != null ? <Typography variant="caption">{durationLabel(item.video_duration)}</Typography> : null}
        </Box>
      ) : null}
      {item.size !== undefined ? (
        <Typography variant="caption" data-testid="library-item-size" sx={{ position: 'absolute', right: 6, bottom: 4, color: 'common.white', textShadow: '0 0 3px #000' }}>
          {fileSizeLabel(item.size, item.kind)}
        </Typography>
      ) : null}
    </Box>
  );
}
