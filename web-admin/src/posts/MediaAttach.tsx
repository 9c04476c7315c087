// The media attach widget: upload or choose area, reorder switch (more than one item), Add Preview
// switch with help (locked posts only) and a separate Preview area. Controlled: the composer owns the state.
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Box, Button, FormControlLabel, FormHelperText, Stack, Switch, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import type { AdminMediaRecord } from '../../../domain/media/wire';
import { MediaPicker } from './MediaPicker';
import { HelpButton } from './parts';
import { ItemTile, TileGrid } from './MediaTile';
import {
  ACCEPT,
  addPreviewItems,
  canReorder,
  formatError,
  kindOfName,
  MAX_MEDIA,
  MESSAGES,
  moveItem,
  removeItem,
  togglePreviewIndex,
  tooMany,
  withoutDuplicates,
  type GalleryState,
} from './rules';
import type { ComposerItem, UploadSource } from './types';

let counter = 0;
export const newKey = (prefix = 'f') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export const fileItem = (file: File): ComposerItem => ({ key: newKey(), source: 'file', file, kind: kindOfName(file.name) });
export const libraryItem = (media: AdminMediaRecord): ComposerItem => ({ key: newKey('l'), source: 'library', media, kind: media.kind });

const filesOf = (items: readonly ComposerItem[]) => items.flatMap(i => (i.source === 'file' ? [i.file] : []));

export const emptyGallery = (): GalleryState<ComposerItem> => ({ items: [], preview: null, previewMode: false, reorder: false });

export const PREVIEW_HELP = (
  <>
    <p>A preview is shown unblurred to fans who have not unlocked the post, to make them want to see the rest.</p>
    <p>Tick ‘Set as Preview’ on one of the post’s items, or add a separate preview. A post has one preview at most.</p>
  </>
);

export function MediaAttach({
  source,
  onSource,
  state,
  onState,
  locked,
  disabled,
  errors,
  onProblem,
}: {
  /** Omit to hide the Content Manager / Upload New Media toggle (new uploads only). */
  source: UploadSource;
  onSource?: (next: UploadSource) => void;
  state: GalleryState<ComposerItem>;
  onState: (next: GalleryState<ComposerItem>) => void;
  locked: boolean;
  disabled: boolean;
  errors: { media?: string; preview?: string };
  /** A pick was refused: the spec's message. */
  onProblem: (message: string, field: 'media' | 'preview') => void;
}) {
  const mediaInput = useRef<HTMLInputElement>(null);
  const previewInput = useRef<HTMLInputElement>(null);
  const [picker, setPicker] = useState<null | 'media' | 'preview'>(null);
  const [dragOver, setDragOver] = useState(false);
  const count = state.items.length;

  const addItems = (added: ComposerItem[]) => {
    if (added.length === 0) return;
    const next = [...state.items, ...added];
    const many = tooMany(next.length);
    if (many) return onProblem(many, 'media');
    const names = next.map(i => (i.source === 'file' ? i.file.name : 'library.jpg'));
    const bad = formatError(names);
    if (bad) return onProblem(bad, 'media');
    onState({ ...state, items: next });
  };

  const addFiles = (picked: File[]) => addItems(withoutDuplicates(filesOf(state.items), picked).map(fileItem));

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    addFiles(picked);
  };

  const addPreview = (item: ComposerItem | undefined, name: string) => {
    if (!item) return;
    const bad = formatError([name], 'preview');
    if (bad) return onProblem(bad, 'preview');
    const r = addPreviewItems(state, [item]);
    if (!r.ok) return onProblem(r.message, 'preview');
    onState(r.state);
  };

  const onPickPreview = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    if (picked.length > 1 || state.preview) return onProblem(MESSAGES.onePreview, 'preview');
    addPreview(fileItem(picked[0]), picked[0].name);
  };

  const onDrop = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return;
    e.preventDefault();
    setDragOver(false);
    if (!disabled) addFiles(Array.from(e.dataTransfer.files));
  };

  const onLibrarySelect = (media: AdminMediaRecord[]) => {
    const target = picker;
    setPicker(null);
    if (target === 'preview') {
      if (media.length > 1) return onProblem(MESSAGES.onePreview, 'preview');
      if (media[0]) addPreview(libraryItem(media[0]), 'library.jpg');
      return;
    }
    const have = new Set(state.items.flatMap(i => (i.source === 'library' ? [i.media.id] : [])));
    addItems(media.filter(m => !have.has(m.id)).map(libraryItem));
  };

  const previewMode = locked && state.previewMode;
  const separatePreview = state.preview?.type === 'item' ? state.preview.item : null;

  return (
    <Box>
      {onSource ? (
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          color="primary"
          value={source}
          onChange={(_, v: UploadSource | null) => v && onSource(v)}
          disabled={disabled}
          aria-label="Upload source"
          sx={{ mb: 1.5, '& .MuiToggleButton-root': { textTransform: 'none', gap: 1 } }}
        >
          <ToggleButton value="library" data-testid="source-library">
            <PhotoLibraryOutlinedIcon fontSize="small" /> Content Manager
          </ToggleButton>
          <ToggleButton value="upload" data-testid="source-upload">
            <CloudUploadOutlinedIcon fontSize="small" /> Upload New Media
          </ToggleButton>
        </ToggleButtonGroup>
      ) : null}

      {source === 'upload' ? (
        <Box
          onDragOver={e => {
            if (e.dataTransfer.types.includes('Files') && !disabled) {
              e.preventDefault();
              setDragOver(true);
            }
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragOver ? 'primary.main' : errors.media ? 'error.main' : 'divider',
            bgcolor: dragOver ? 'action.hover' : 'transparent',
            borderRadius: 2,
            p: { xs: 2, sm: 3 },
            textAlign: 'center',
            transition: 'border-color .15s, background-color .15s',
          }}
        >
          <CloudUploadOutlinedIcon color="action" sx={{ fontSize: 36 }} />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Drag photos and videos here, or
          </Typography>
          <Button variant="contained" disableElevation size="small" onClick={() => mediaInput.current?.click()} disabled={disabled} sx={{ mt: 1 }} data-testid="media-button">
            Browse files
          </Button>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }} data-testid="media-count">
            {count === 0 ? `PNG, JPG, JPEG, MP4 or MOV · up to ${MAX_MEDIA}` : `${count} of ${MAX_MEDIA} selected`}
          </Typography>
          <input
            ref={mediaInput}
            type="file"
            multiple
            accept={ACCEPT}
            disabled={disabled}
            onChange={onPick}
            tabIndex={-1}
            aria-label="Media files"
            data-testid="media-input"
            style={visuallyHidden}
          />
        </Box>
      ) : (
        <Box
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: errors.media ? 'error.main' : 'divider',
            borderRadius: 2,
            p: { xs: 2, sm: 3 },
            textAlign: 'center',
          }}
        >
          <PhotoLibraryOutlinedIcon color="action" sx={{ fontSize: 36 }} />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Choose media already in the Content Manager.
          </Typography>
          <Button
            variant="contained"
            disableElevation
            size="small"
            onClick={() => setPicker('media')}
            disabled={disabled}
            sx={{ mt: 1 }}
            data-testid="library-button"
          >
            Select Media
          </Button>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {count === 0 ? `Up to ${MAX_MEDIA} items` : `${count} of ${MAX_MEDIA} selected`}
          </Typography>
        </Box>
      )}
      {errors.media ? (
        <FormHelperText error data-testid="media-error" sx={{ mx: 0 }}>
          {errors.media}
        </FormHelperText>
      ) : null}

      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0, mt: 1, alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              checked={state.reorder && canReorder(count)}
              onChange={(_, on) => onState({ ...state, reorder: on })}
              disabled={disabled || !canReorder(count)}
              slotProps={{ input: { 'data-testid': 'reorder-switch' } as object }}
            />
          }
          label="Reorder"
        />
        {locked ? (
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <FormControlLabel
              sx={{ mr: 0 }}
              control={
                <Switch
                  checked={state.previewMode}
                  onChange={(_, on) => onState({ ...state, previewMode: on, preview: on ? state.preview : null })}
                  disabled={disabled}
                  slotProps={{ input: { 'data-testid': 'preview-switch' } as object }}
                />
              }
              label="Add Preview"
            />
            <HelpButton title="What is a preview?" testId="preview-help">
              {PREVIEW_HELP}
            </HelpButton>
          </Stack>
        ) : null}
      </Stack>

      {count > 0 ? (
        <Box sx={{ mt: 1 }}>
          <TileGrid testId="media-previews" roomy={previewMode || (state.reorder && canReorder(count))}>
            {state.items.map((item, index) => (
              <ItemTile
                key={item.key}
                item={item}
                position={index + 1}
                disabled={disabled}
                onRemove={() => onState(removeItem(state, index))}
                reorder={state.reorder && canReorder(count) ? { index, count, onMove: (from, to) => onState(moveItem(state, from, to)) } : undefined}
                previewBox={
                  previewMode
                    ? {
                        checked: state.preview?.type === 'index' && state.preview.index === index,
                        onToggle: () => {
                          const r = togglePreviewIndex(state, index);
                          if (r.ok) onState(r.state);
                          else onProblem(r.message, 'preview');
                        },
                      }
                    : undefined
                }
              />
            ))}
          </TileGrid>
        </Box>
      ) : null}

      {previewMode ? (
        <Box sx={{ mt: 2, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="preview-area">
          <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
            Preview
          </Typography>
          {separatePreview ? (
            <Box sx={{ width: { xs: 120, sm: 140 } }}>
              <ItemTile item={separatePreview} disabled={disabled} onRemove={() => onState({ ...state, preview: null })} testId="preview-tile" />
            </Box>
          ) : state.preview?.type === 'index' ? (
            <Typography variant="body2" color="text.secondary">
              Item {state.preview.index + 1} of the post is the preview.
            </Typography>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              {source === 'upload' ? (
                <Button variant="outlined" size="small" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => previewInput.current?.click()} disabled={disabled} data-testid="preview-button">
                  Add preview file
                </Button>
              ) : (
                <Button variant="outlined" size="small" startIcon={<PhotoLibraryOutlinedIcon />} onClick={() => setPicker('preview')} disabled={disabled} data-testid="preview-library-button">
                  Select Preview
                </Button>
              )}
              <Typography variant="caption" color="text.secondary">
                or tick ‘Set as Preview’ on one of the items above.
              </Typography>
            </Stack>
          )}
          <input
            ref={previewInput}
            type="file"
            accept={ACCEPT}
            disabled={disabled}
            onChange={onPickPreview}
            tabIndex={-1}
            aria-label="Preview file"
            data-testid="preview-input"
            style={visuallyHidden}
          />
          {errors.preview ? (
            <FormHelperText error data-testid="preview-error" sx={{ mx: 0 }}>
              {errors.preview}
            </FormHelperText>
          ) : null}
        </Box>
      ) : errors.preview ? (
        <FormHelperText error data-testid="preview-error" sx={{ mx: 0 }}>
          {errors.preview}
        </FormHelperText>
      ) : null}

      <MediaPicker
        open={picker !== null}
        onClose={() => setPicker(null)}
        onSelect={onLibrarySelect}
        multiple={picker === 'media'}
        max={picker === 'media' ? Math.max(1, MAX_MEDIA - count) : 1}
        title={picker === 'preview' ? 'Select Preview' : 'Select Media'}
      />
    </Box>
  );
}

export const visuallyHidden = {
  position: 'absolute' as const,
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap' as const,
};
