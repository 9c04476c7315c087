// The composer's post card: the caption and the media (from the Content Manager or new uploads, with the preview).
import { Card, CardContent, TextField } from '@mui/material';
import { MediaAttach } from './MediaAttach';
import { SectionTitle } from './parts';
import type { ComposerErrors, GalleryState } from './rules';
import type { ComposerItem, UploadSource } from './types';

export function ComposerPostCard({
  busy,
  errors,
  caption,
  onCaption,
  source,
  onSource,
  gallery,
  onGallery,
  locked,
  onProblem,
}: {
  busy: boolean;
  errors: ComposerErrors;
  caption: string;
  onCaption: (caption: string) => void;
  source: UploadSource;
  onSource: (source: UploadSource) => void;
  gallery: GalleryState<ComposerItem>;
  onGallery: (next: GalleryState<ComposerItem>) => void;
  locked: boolean;
  onProblem: (message: string, field: 'media' | 'preview') => void;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <SectionTitle>Post</SectionTitle>
        <TextField
          label="Caption"
          value={caption}
          onChange={e => onCaption(e.target.value)}
          multiline
          minRows={3}
          maxRows={12}
          fullWidth
          disabled={busy}
          error={Boolean(errors.caption)}
          helperText={errors.caption ?? 'Required for galleries (more than one photo or video).'}
          slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'caption-input' }, formHelperText: { 'data-testid': errors.caption ? 'caption-error' : undefined } as object }}
          sx={{ mb: 2.5 }}
        />
        <SectionTitle>Media</SectionTitle>
        <MediaAttach
          source={source}
          onSource={onSource}
          state={gallery}
          onState={onGallery}
          locked={locked}
          disabled={busy}
          errors={{ media: errors.media, preview: errors.preview }}
          onProblem={onProblem}
        />
      </CardContent>
    </Card>
  );
}
