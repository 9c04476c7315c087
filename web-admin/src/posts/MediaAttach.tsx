// The media attach widget: upload or choose area, reorder switch (more than one item), Add Preview
// switch with help (locked posts only) and a separate Preview area. Controlled: the composer owns the state.
import { useState } from 'react';
import { Box, FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import type { AdminMediaRecord } from '../../../domain/media/wire';
import { AttachSource } from './AttachSource';
import { MediaPicker } from './MediaPicker';
import { HelpButton } from './parts';
import { ItemTile, TileGrid } from './MediaTile';
import { PreviewArea } from './PreviewArea';
import {
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
  const [picker, setPicker] = useState<null | 'media' | 'preview'>(null);
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

  const addPreview = (item: ComposerItem | undefined, name: string) => {
    if (!item) return;
    const bad = formatError([name], 'preview');
    if (bad) return onProblem(bad, 'preview');
    const r = addPreviewItems(state, [item]);
    if (!r.ok) return onProblem(r.message, 'preview');
    onState(r.state);
  };

  const onPickPreview = (picked: File[]) => {
    if (picked.length === 0) return;
    if (picked.length > 1 || state.preview) return onProblem(MESSAGES.onePreview, 'preview');
    addPreview(fileItem(picked[0]), picked[0].name);
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
      <AttachSource
        source={source}
        onSource={onSource}
        disabled={disabled}
        mediaError={Boolean(errors.media)}
        count={count}
        onFiles={addFiles}
        onLibrary={() => setPicker('media')}
      />
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
              slotProps={{ input: { role: 'switch', 'data-testid': 'reorder-switch' } as object }}
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
                  slotProps={{ input: { role: 'switch', 'data-testid': 'preview-switch' } as object }}
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
        <PreviewArea
          source={source}
          separatePreview={separatePreview}
          previewIndex={state.preview?.type === 'index' ? state.preview.index : null}
          disabled={disabled}
          error={errors.preview}
          onRemove={() => onState({ ...state, preview: null })}
          onFiles={onPickPreview}
          onLibrary={() => setPicker('preview')}
        />
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
