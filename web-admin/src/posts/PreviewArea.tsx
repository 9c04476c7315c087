// The media attach widget's Preview area (locked posts with Add Preview on): the separate preview's tile, or which
// item is the preview, or the buttons to add a preview file or choose one from the library.
import { useRef } from 'react';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { visuallyHidden } from './AttachSource';
import { ItemTile } from './MediaTile';
import { ACCEPT } from './rules';
import type { ComposerItem, UploadSource } from './types';

export function PreviewArea({
  source,
  separatePreview,
  previewIndex,
  disabled,
  error,
  onRemove,
  onFiles,
  onLibrary,
}: {
  source: UploadSource;
  /** The separate preview, if there is one. */
  separatePreview: ComposerItem | null;
  /** The post's item that is the preview (0-based), if one is. */
  previewIndex: number | null;
  disabled: boolean;
  error?: string;
  onRemove: () => void;
  /** Preview files picked. */
  onFiles: (files: File[]) => void;
  /** Select Preview: the library picker. */
  onLibrary: () => void;
}) {
  const previewInput = useRef<HTMLInputElement>(null);
  return (
    <Box sx={{ mt: 2, p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }} data-testid="preview-area">
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        Preview
      </Typography>
      {separatePreview ? (
        <Box sx={{ width: { xs: 120, sm: 140 } }}>
          <ItemTile item={separatePreview} disabled={disabled} onRemove={onRemove} testId="preview-tile" />
        </Box>
      ) : previewIndex !== null ? (
        <Typography variant="body2" color="text.secondary">
          Item {previewIndex + 1} of the post is the preview.
        </Typography>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          {source === 'upload' ? (
            <Button variant="outlined" size="small" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => previewInput.current?.click()} disabled={disabled} data-testid="preview-button">
              Add preview file
            </Button>
          ) : (
            <Button variant="outlined" size="small" startIcon={<PhotoLibraryOutlinedIcon />} onClick={onLibrary} disabled={disabled} data-testid="preview-library-button">
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
        onChange={e => {
          const picked = Array.from(e.target.files ?? []);
          e.target.value = '';
          onFiles(picked);
        }}
        tabIndex={-1}
        aria-label="Preview file"
        data-testid="preview-input"
        style={visuallyHidden}
      />
      {error ? (
        <FormHelperText error data-testid="preview-error" sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
