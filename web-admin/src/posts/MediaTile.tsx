// The media tile the composer and the post dialogs show: a new file (with its upload progress) or a library item,
// its kind, a remove button, drag to reorder and the preview mark; and the grid the tiles sit in.
import { useEffect, useState, useSyncExternalStore, type DragEvent, type ReactNode } from 'react';
import { Box, Checkbox, FormControlLabel, IconButton, LinearProgress, Stack, Tooltip } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ImageIcon from '@mui/icons-material/Image';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import type { MediaKind } from '../../../domain/media/wire';
import { uploadProgress, type UploadState } from '../upload';
import type { ComposerItem } from './types';

const useUploadState = (key: string | undefined): UploadState | undefined =>
  useSyncExternalStore(uploadProgress.subscribe, () => (key ? uploadProgress.get(key) : undefined));

/** An object URL for a new file (revoked when the tile goes), or the library item's thumbnail. */
export function useItemSource(item: ComposerItem): string | null {
  const file = item.source === 'file' ? item.file : null;
  const [url, setUrl] = useState<string | null>(null);
  // Created and revoked by the same effect, so a remount never keeps a revoked address.
  useEffect(() => {
    if (!file) return;
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [file]);
  if (item.source === 'library') return item.media.thumbnail_url || item.media.blur_url || null;
  return url;
}

export const itemName = (item: ComposerItem) => (item.source === 'file' ? item.file.name : item.media.file_name);

export interface TileProps {
  src: string | null;
  kind: MediaKind | null;
  name: string;
  /** The 1-based position shown in the corner (omit for none). */
  position?: number;
  /** Key of the upload progress to show. */
  uploadKey?: string;
  disabled?: boolean;
  error?: boolean;
  /** A new file (a video is shown from the file itself) */
  isFile?: boolean;
  onRemove?: () => void;
  /** Reorder mode: arrows and dragging. */
  reorder?: { index: number; count: number; onMove: (from: number, to: number) => void };
  /** Preview mode: the 'Set as Preview' box. */
  previewBox?: { checked: boolean; onToggle: () => void };
  badge?: ReactNode;
  testId?: string;
}

/** One square media tile with its upload progress, remove button, reorder arrows and preview box. */
export function MediaTile(props: TileProps) {
  const { src, kind, name, position, uploadKey, disabled, error, isFile, onRemove, reorder, previewBox, badge, testId = 'media-preview' } = props;
  const state = useUploadState(uploadKey);
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [src]);
  const failed = error || state?.status === 'error';
  const drag = reorder && !disabled
    ? {
        draggable: true,
        onDragStart: (e: DragEvent) => {
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/x-media-index', String(reorder.index));
        },
        onDragOver: (e: DragEvent) => {
          if (e.dataTransfer.types.includes('text/x-media-index')) e.preventDefault();
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          const from = Number(e.dataTransfer.getData('text/x-media-index'));
          if (Number.isInteger(from)) reorder.onMove(from, reorder.index);
        },
      }
    : {};
  return (
    <Box data-testid={testId} data-upload-status={state?.status ?? 'idle'} sx={{ minWidth: 0 }}>
      <Box
        {...drag}
        sx={{
          position: 'relative',
          aspectRatio: '1 / 1',
          borderRadius: 1.5,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          border: 2,
          borderColor: failed ? 'error.main' : previewBox?.checked ? 'primary.main' : 'transparent',
          cursor: reorder && !disabled ? 'grab' : undefined,
        }}
      >
        {src && !broken ? (
          kind === 'video' && isFile ? (
            <video src={src} muted playsInline preload="metadata" style={fill} aria-label={name} />
          ) : (
            <img src={src} alt={name} style={fill} loading="lazy" onError={() => setBroken(true)} draggable={false} />
          )
        ) : (
          <Box sx={{ ...fill, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <ImageIcon color="disabled" />
          </Box>
        )}
        {kind === 'video' ? (
          <PlayCircleOutlineIcon sx={{ position: 'absolute', left: 6, bottom: 10, color: 'common.white', filter: 'drop-shadow(0 0 2px #000)' }} fontSize="small" />
        ) : null}
        {position !== undefined ? (
          <Box
            component="span"
            sx={{ position: 'absolute', top: 4, left: 4, px: 0.75, borderRadius: 1, bgcolor: 'rgba(0,0,0,.55)', color: 'common.white', fontSize: 12, lineHeight: '20px' }}
          >
            {position}
          </Box>
        ) : null}
        {badge ? <Box sx={{ position: 'absolute', bottom: 8, right: 4 }}>{badge}</Box> : null}
        {reorder && !disabled ? (
          <DragIndicatorIcon sx={{ position: 'absolute', top: 4, right: 4, color: 'common.white', filter: 'drop-shadow(0 0 2px #000)' }} fontSize="small" />
        ) : onRemove && !disabled ? (
          <Tooltip title="Remove">
            <IconButton size="small" aria-label={`Remove ${name}`} onClick={onRemove} sx={overlayButton}>
              <CloseIcon fontSize="inherit" />
            </IconButton>
          </Tooltip>
        ) : null}
        {/* Centred and click-through: the top-right corner holds the remove button (removing a failed item is the fix). */}
        {failed ? (
          <ErrorOutlineIcon
            data-testid="media-error-mark"
            titleAccess="Could not be processed"
            color="error"
            sx={{ position: 'absolute', top: '50%', left: '50%', transform: 'translate(-50%, -50%)', pointerEvents: 'none', bgcolor: 'background.paper', borderRadius: '50%' }}
          />
        ) : null}
        {state ? (
          <LinearProgress
            variant="determinate"
            value={state.percent}
            color={state.status === 'error' ? 'error' : state.status === 'done' ? 'success' : 'primary'}
            aria-label={`Upload of ${name}`}
            data-testid="upload-progress"
            data-percent={state.percent}
            sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 6 }}
          />
        ) : null}
      </Box>
      {reorder && !disabled ? (
        <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.25 }}>
          <IconButton
            size="small"
            aria-label={`Move ${name} left`}
            disabled={reorder.index === 0}
            onClick={() => reorder.onMove(reorder.index, reorder.index - 1)}
          >
            <ArrowBackIcon fontSize="inherit" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Move ${name} right`}
            disabled={reorder.index === reorder.count - 1}
            onClick={() => reorder.onMove(reorder.index, reorder.index + 1)}
          >
            <ArrowForwardIcon fontSize="inherit" />
          </IconButton>
        </Stack>
      ) : null}
      {previewBox ? (
        <FormControlLabel
          sx={{ m: 0, mt: 0.25, '& .MuiFormControlLabel-label': { fontSize: 12 } }}
          control={<Checkbox size="small" checked={previewBox.checked} onChange={previewBox.onToggle} disabled={disabled} sx={{ p: 0.5 }} />}
          label="Set as Preview"
        />
      ) : null}
    </Box>
  );
}

/** A tile for a composer item (new file or library pick). */
export function ItemTile({ item, ...rest }: Omit<TileProps, 'src' | 'kind' | 'name' | 'isFile' | 'uploadKey'> & { item: ComposerItem }) {
  const src = useItemSource(item);
  const failed = rest.error || (item.source === 'library' && item.media.status === 'error');
  return <MediaTile {...rest} error={failed} src={src} kind={item.kind} name={itemName(item)} isFile={item.source === 'file'} uploadKey={item.key} />;
}

const fill = { width: '100%', height: '100%', objectFit: 'cover' as const, display: 'block' };
const overlayButton = {
  position: 'absolute',
  top: 2,
  right: 2,
  bgcolor: 'rgba(0,0,0,.55)',
  color: 'common.white',
  '&:hover': { bgcolor: 'rgba(0,0,0,.75)' },
} as const;

/** The grid the tiles sit in: 3 columns on phones, up to 6 on wide screens. */
export function TileGrid({ children, testId, dense = false, roomy = false }: { children: ReactNode; testId?: string; dense?: boolean; roomy?: boolean }) {
  const xs = roomy ? 'repeat(2, minmax(0, 1fr))' : 'repeat(3, minmax(0, 1fr))';
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'grid',
        gap: 1.25,
        gridTemplateColumns: dense
          ? { xs, sm: 'repeat(4, minmax(0, 1fr))' }
          : { xs, sm: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
