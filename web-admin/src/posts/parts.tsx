// Small pieces the composer and the post dialogs share: a media tile with upload progress, the amount field,
// the schedule fields, a help button and a notify helper.
import { useEffect, useState, useSyncExternalStore, type DragEvent, type ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  IconButton,
  InputAdornment,
  InputLabel,
  LinearProgress,
  MenuItem,
  Skeleton,
  Select,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import ImageIcon from '@mui/icons-material/Image';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { useNotify } from 'react-admin';
import type { MediaKind } from '../../../domain/media/wire';
import { uploadProgress, type UploadState } from '../upload';
import { getBlog } from './postApi';
import { AMOUNT_INPUT_MAX, AMOUNT_INPUT_MIN, localDate, MESSAGES, type Schedule } from './rules';
import type { ComposerItem, FullPost, FullPostMedia } from './types';

/** notify(message, type) with the message shown verbatim (never taken for a translation key). */
export function useSay() {
  const notify = useNotify();
  return (message: string, type: 'success' | 'error' | 'info' | 'warning' = 'info') =>
    notify(message, { type, messageArgs: { _: message }, multiLine: true });
}

export const errorText = (error: unknown, fallback: string) =>
  (error instanceof Error && error.message) || (typeof error === 'string' && error) || fallback;

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

/** The post's caption (multiline); shows the error in place of the hint. */
export function CaptionField({
  value,
  onChange,
  error,
  hint,
  disabled,
  minRows = 3,
  autoFocus,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
  minRows?: number;
  autoFocus?: boolean;
  testId?: string;
}) {
  return (
    <TextField
      label="Caption"
      value={value}
      onChange={e => onChange(e.target.value)}
      multiline
      minRows={minRows}
      fullWidth
      autoFocus={autoFocus}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={testId ? { htmlInput: { maxLength: 5000, 'data-testid': testId } } : undefined}
    />
  );
}

/** The hint under a locked post's amount. */
export const amountHint = (bounds: { min: number; max: number }) => `Whole dollars, between ${bounds.min} and ${bounds.max}.`;

/** Whole-dollar amount: input bounds 5..450; the effective bounds are checked on submit. */
export function AmountField({
  value,
  onChange,
  onBlur,
  error,
  helperText,
  disabled,
  label = 'Amount',
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  helperText?: string;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <TextField
      label={label}
      type="number"
      value={value}
      onChange={e => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      fullWidth
      slotProps={{
        htmlInput: { min: AMOUNT_INPUT_MIN, max: AMOUNT_INPUT_MAX, step: 1, inputMode: 'numeric', 'data-testid': 'amount-input' },
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        formHelperText: { 'data-testid': error ? 'amount-error' : undefined } as object,
      }}
    />
  );
}

const HOURS = Array.from({ length: 12 }, (_, i) => i + 1);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);

/** Date, hour (1-12), minute (0-59) and AM/PM; the date picker starts at today. */
export function ScheduleFields({
  value,
  onChange,
  error,
  disabled,
}: {
  value: Schedule;
  onChange: (next: Schedule) => void;
  error?: string;
  disabled?: boolean;
}) {
  const set = (patch: Partial<Schedule>) => onChange({ ...value, ...patch });
  return (
    <Box data-testid="schedule-fields">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto', alignItems: 'center' }}>
        <TextField
          label="Date"
          type="date"
          value={value.date}
          onChange={e => set({ date: e.target.value })}
          disabled={disabled}
          error={Boolean(error)}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localDate(new Date()), 'data-testid': 'schedule-date' } }}
        />
        <FormControl disabled={disabled} error={Boolean(error)}>
          <InputLabel id="schedule-hour-label">Hour</InputLabel>
          <Select
            labelId="schedule-hour-label"
            label="Hour"
            value={value.hour}
            onChange={e => set({ hour: Number(e.target.value) })}
            data-testid="schedule-hour"
            MenuProps={{ slotProps: { paper: { sx: { maxHeight: 320 } } } }}
          >
            {HOURS.map(h => (
              <MenuItem key={h} value={h}>
                {h}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl disabled={disabled} error={Boolean(error)}>
          <InputLabel id="schedule-minute-label">Minute</InputLabel>
          <Select
            labelId="schedule-minute-label"
            label="Minute"
            value={value.minute}
            onChange={e => set({ minute: Number(e.target.value) })}
            data-testid="schedule-minute"
            MenuProps={{ slotProps: { paper: { sx: { maxHeight: 320 } } } }}
          >
            {MINUTES.map(m => (
              <MenuItem key={m} value={m}>
                {String(m).padStart(2, '0')}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={value.ampm}
          onChange={(_, v) => v && set({ ampm: v })}
          disabled={disabled}
          aria-label="AM or PM"
          sx={{ height: 56, '& .MuiToggleButton-root': { px: 1.5 } }}
        >
          <ToggleButton value="AM">AM</ToggleButton>
          <ToggleButton value="PM">PM</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {error ? (
        <FormHelperText error data-testid="schedule-error">
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/** A help icon opening a short explanation. */
export function HelpButton({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton size="small" aria-label={title} onClick={() => setOpen(true)} data-testid={testId}>
        <HelpOutlineIcon fontSize="small" />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby={`${testId ?? 'help'}-title`}>
        <DialogTitle id={`${testId ?? 'help'}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" component="div" sx={{ '& p': { mt: 0, mb: 1.5 } }}>
            {children}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** A section title inside a card. */
export function SectionTitle({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 36, mb: 1, gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
      {action}
    </Stack>
  );
}

/** Loads the full post (GET /api/blog/get-blog-data-by-id) while `open`; a failure says 'Something went wrong' and closes. */
export function useFullPost<P extends FullPost = FullPost>(id: string, open: boolean, onFail: () => void, load: (id: string) => Promise<P> = getBlog as (id: string) => Promise<P>) {
  const say = useSay();
  const [post, setPost] = useState<P | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setPost(null);
    load(id)
      .then(p => live && setPost(p))
      .catch(e => {
        if (!live) return;
        say(errorText(e, MESSAGES.loadFailed), 'error');
        onFail();
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, open]);
  return post;
}

/** A post's media item as a library-like composer item (the review and reuse dialogs show them as tiles). */
export function existingItem(m: FullPostMedia, index: number, failed = false): ComposerItem {
  const error = failed || m.status === 'error' || m.is_error === true || m.isError === true;
  return {
    key: `e${m._id}`,
    source: 'library',
    kind: m.content_type,
    media: {
      id: m._id,
      kind: m.content_type,
      file_name: `Item ${index + 1}`,
      content_type: m.content_type === 'video' ? 'video/mp4' : 'image/jpeg',
      width: m.width,
      height: m.height,
      url: m.url ?? '',
      thumbnail_url: m.thumbnail_url ?? '',
      blur_url: m.blur_url,
      status: error ? 'error' : m.status === 'processing' ? 'processing' : 'ready',
      created_at: '',
    },
  };
}

/** Dialog body while the post loads. */
export function LoadingBlock({ label = 'Loading post' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} aria-busy="true" aria-label={label} data-testid="dialog-loading">
      <Skeleton variant="rounded" height={56} />
      <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
        {[0, 1, 2].map(i => (
          <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto' }} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={40} width="60%" />
    </Box>
  );
}
