import { useEffect, useMemo, useRef, useSyncExternalStore, type ChangeEvent } from 'react';
import { Box, Button, FormHelperText, IconButton, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useInput, ValidationError } from 'react-admin';
import { uploadProgress, type PendingMedia } from '../upload';
import { ACCEPT, blogTypeOf, isVideoFile, MAX_MEDIA } from './rules';

let counter = 0;
const newKey = () => `m${Date.now().toString(36)}${(counter++).toString(36)}`;

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size;

const TYPE_LABEL: Record<string, string> = { photo: 'Photo post', video: 'Video post', gallery: 'Gallery post' };

/**
 * Picks photos and videos for the composer. The value is PendingMedia[] ({ key, file }); the files are
 * uploaded by the data provider on save, with per-file progress shown here.
 */
export function MediaInput({ source = 'media', disabled = false }: { source?: string; disabled?: boolean }) {
  const { id, field, fieldState, formState } = useInput({ source, defaultValue: [] });
  const items: PendingMedia[] = Array.isArray(field.value) ? field.value : [];
  const inputRef = useRef<HTMLInputElement>(null);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    const next = [...items];
    for (const file of picked) {
      // Duplicate new files (same name and size) are ignored (spec 2 §5).
      if (next.some(item => sameFile(item.file, file))) continue;
      next.push({ key: newKey(), file });
    }
    field.onChange(next);
    field.onBlur();
  };

  const remove = (key: string) => {
    field.onChange(items.filter(item => item.key !== key));
    field.onBlur();
  };

  const showError = Boolean(fieldState.error) && (fieldState.isTouched || formState.isSubmitted);
  const message = fieldState.error?.message;
  const type = blogTypeOf(items.map(i => i.file));

  return (
    <Box sx={{ width: '100%', my: 1 }} role="group" aria-labelledby={`${id}-label`}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id={`${id}-label`} variant="subtitle2" component="span">
          Media
        </Typography>
        <Button
          variant="outlined"
          onClick={() => inputRef.current?.click()}
          aria-controls={id}
          startIcon={<AddPhotoAlternateIcon />}
          disabled={disabled}
          data-testid="media-button"
        >
          Add photos or videos
        </Button>
        <Typography variant="body2" color="text.secondary" data-testid="media-count">
          {items.length === 0
            ? `PNG, JPG, JPEG, MP4 or MOV · up to ${MAX_MEDIA}`
            : `${TYPE_LABEL[type] ?? ''} · ${items.length} selected`}
        </Typography>
      </Stack>
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple
        accept={ACCEPT}
        disabled={disabled}
        onChange={onPick}
        tabIndex={-1}
        aria-label="Media"
        aria-invalid={showError}
        data-testid="media-input"
        style={{
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        }}
      />
      {showError && message ? (
        <FormHelperText error data-testid="media-error" sx={{ mx: 0 }}>
          <ValidationError error={message as Parameters<typeof ValidationError>[0]['error']} />
        </FormHelperText>
      ) : null}
      {items.length > 0 ? (
        <Box
          data-testid="media-previews"
          sx={{
            mt: 1.5,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)', md: 'repeat(6, 1fr)' },
          }}
        >
          {items.map((item, index) => (
            <MediaPreview
              key={item.key}
              item={item}
              index={index}
              disabled={disabled}
              onRemove={() => remove(item.key)}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

function useUploadState(key: string) {
  return useSyncExternalStore(uploadProgress.subscribe, () => uploadProgress.get(key));
}

function MediaPreview({
  item,
  index,
  disabled,
  onRemove,
}: {
  item: PendingMedia;
  index: number;
  disabled: boolean;
  onRemove: () => void;
}) {
  const video = isVideoFile(item.file);
  const url = useMemo(() => URL.createObjectURL(item.file), [item.file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const state = useUploadState(item.key);

  return (
    <Box
      data-testid="media-preview"
      data-upload-status={state?.status ?? 'idle'}
      sx={{
        position: 'relative',
        aspectRatio: '1 / 1',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: 'action.hover',
        border: 1,
        borderColor: state?.status === 'error' ? 'error.main' : 'divider',
      }}
    >
      {video ? (
        <video src={url} muted playsInline preload="metadata" style={fill} aria-label={item.file.name} />
      ) : (
        <img src={url} alt={item.file.name} style={fill} />
      )}
      {video ? (
        <PlayCircleOutlineIcon
          sx={{ position: 'absolute', left: 6, bottom: 10, color: 'common.white', filter: 'drop-shadow(0 0 2px #000)' }}
          fontSize="small"
        />
      ) : null}
      <Typography
        variant="caption"
        sx={{ position: 'absolute', top: 4, left: 6, color: 'common.white', textShadow: '0 0 3px #000' }}
      >
        {index + 1}
      </Typography>
      {!disabled ? (
        <Tooltip title="Remove">
          <IconButton
            size="small"
            aria-label={`Remove ${item.file.name}`}
            onClick={onRemove}
            sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'rgba(0,0,0,.55)', color: 'common.white', '&:hover': { bgcolor: 'rgba(0,0,0,.75)' } }}
          >
            <CloseIcon fontSize="inherit" />
          </IconButton>
        </Tooltip>
      ) : null}
      {state?.status === 'error' ? (
        <ErrorOutlineIcon color="error" sx={{ position: 'absolute', top: 4, right: 4 }} />
      ) : null}
      {state ? (
        <LinearProgress
          variant="determinate"
          value={state.percent}
          color={state.status === 'error' ? 'error' : state.status === 'done' ? 'success' : 'primary'}
          aria-label={`Upload of ${item.file.name}`}
          data-testid="upload-progress"
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 6 }}
        />
      ) : null}
    </Box>
  );
}

const fill = { width: '100%', height: '100%', objectFit: 'cover' as const, display: 'block' };
