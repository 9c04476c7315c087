// Where the media attach widget takes media from: the Content Manager / Upload New Media switch, a drop zone with
// Browse files for new uploads, or Select Media for the library, each with how many items are chosen.
import { useRef, useState } from 'react';
import { Box, Button, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import { ACCEPT, MAX_MEDIA } from './rules';
import type { UploadSource } from './types';

export const visuallyHidden = {
  position: 'absolute' as const,
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap' as const,
};

export function AttachSource({
  source,
  onSource,
  disabled,
  mediaError,
  count,
  onFiles,
  onLibrary,
}: {
  source: UploadSource;
  /** Omit to hide the Content Manager / Upload New Media toggle (new uploads only). */
  onSource?: (next: UploadSource) => void;
  disabled: boolean;
  mediaError: boolean;
  count: number;
  /** Files picked or dropped. */
  onFiles: (files: File[]) => void;
  /** Select Media: the library picker. */
  onLibrary: () => void;
}) {
  const mediaInput = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  return (
    <>
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
          onDrop={e => {
            if (!e.dataTransfer.types.includes('Files')) return;
            e.preventDefault();
            setDragOver(false);
            if (!disabled) onFiles(Array.from(e.dataTransfer.files));
          }}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragOver ? 'primary.main' : mediaError ? 'error.main' : 'divider',
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
            onChange={e => {
              const picked = Array.from(e.target.files ?? []);
              e.target.value = '';
              onFiles(picked);
            }}
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
            borderColor: mediaError ? 'error.main' : 'divider',
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
            onClick={onLibrary}
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
    </>
  );
}
