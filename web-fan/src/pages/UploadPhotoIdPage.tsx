// /upload-photo-id: an image or PDF of a photo ID raises the fan's transaction limit.
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import PictureAsPdfRounded from '@mui/icons-material/PictureAsPdfRounded';
import { ApiError, upload } from '../api';
import { useAuth } from '../auth';
import { AuthCard, FormError, toApiError } from '../components/FormKit';

export const PHOTO_ID_REQUIRED = 'Please select photo ID file.';
export const PHOTO_ID_UPLOADED = 'Photo ID uploaded. Your transaction limit has now been increased.';
const ACCEPT = 'image/*,application/pdf';

function acceptable(file: File): boolean {
  return file.type.startsWith('image/') || file.type === 'application/pdf' || /\.(pdf|jpe?g|png|gif|webp|heic|heif)$/i.test(file.name);
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export default function UploadPhotoIdPage() {
  const { me, refresh } = useAuth();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<ApiError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => () => abort.current?.abort(), []);

  const choose = (f: File | null | undefined) => {
    setDone(null);
    if (!f) return;
    if (!acceptable(f)) {
      setError('Please select an image or a PDF file.');
      return;
    }
    setError(null);
    setFile(f);
  };

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    choose(e.target.files?.[0]);
    e.target.value = '';
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files?.[0]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setError(PHOTO_ID_REQUIRED);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setProgress(0);
    const form = new FormData();
    form.append('photoId', file, file.name);
    abort.current = new AbortController();
    try {
      const { message, position } = await upload<unknown>('/api/users/upload_photo_id', form, setProgress, abort.current.signal);
      const text = message || PHOTO_ID_UPLOADED;
      setDone(text);
      setFile(null);
      await refresh(position).catch(() => undefined);
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') return;
      setError(toApiError(err));
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const status = me?.photoIdStatus ?? 'none';

  return (
    <AuthCard
      title="Upload photo ID"
      testId="upload-photo-id-page"
      maxWidth={520}
      subtitle="Upload a photo or scan of a government-issued ID (an image or a PDF) to raise your transaction limit."
      footer={
        <Link component={RouterLink} to="/profile">
          Back to profile
        </Link>
      }
    >
      {status !== 'none' && !done && (
        <Alert severity={status === 'accepted' ? 'success' : 'info'} sx={{ mb: 2 }} data-testid="photo-id-current-status">
          {status === 'accepted' ? 'Your photo ID has been accepted.' : 'You have uploaded a photo ID. You can upload a new one below.'}
        </Alert>
      )}
      {done && (
        <Alert severity="success" sx={{ mb: 2 }} role="status" data-testid="photo-id-success">
          {done}
        </Alert>
      )}
      <FormError error={error} />
      <Box component="form" noValidate onSubmit={submit} data-testid="upload-photo-id-form">
        <input
          ref={inputRef}
          id="photo-id-file"
          type="file"
          name="photoId"
          accept={ACCEPT}
          onChange={onPick}
          disabled={busy}
          aria-describedby="photo-id-hint"
          data-testid="photo-id-input"
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        />
        <Box
          component="label"
          htmlFor="photo-id-file"
          onDragOver={(e: DragEvent) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="photo-id-dropzone"
          sx={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: 1,
            p: 3,
            mb: 2,
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : error && !file ? 'error.main' : 'divider',
            borderRadius: 3,
            textAlign: 'center',
            cursor: busy ? 'default' : 'pointer',
            bgcolor: dragging ? 'action.hover' : 'transparent',
            transition: 'border-color 150ms, background-color 150ms',
            '&:hover': { borderColor: busy ? undefined : 'primary.main' },
            'input:focus-visible + &': { outline: (t) => `2px solid ${t.palette.primary.main}`, outlineOffset: 2 },
          }}
        >
          {preview ? (
            <Box component="img" src={preview} alt="Selected photo ID" sx={{ maxWidth: '100%', maxHeight: 180, borderRadius: 2, objectFit: 'contain' }} />
          ) : file ? (
            <PictureAsPdfRounded sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          ) : (
            <CloudUploadRounded sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
          )}
          <Typography variant="subtitle1" component="span" sx={{ fontWeight: 600 }}>
            {file ? 'Choose a different file' : 'Choose a file'}
          </Typography>
          <Typography id="photo-id-hint" variant="body2" color="text.secondary" component="span">
            Photo ID file: an image or a PDF{dragging ? '' : ', or drop it here'}
          </Typography>
        </Box>
        {file && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, minWidth: 0 }} data-testid="photo-id-selected">
            <Chip
              label={`${file.name} · ${size(file.size)}`}
              variant="outlined"
              sx={{ maxWidth: '100%', minWidth: 0, flex: '0 1 auto' }}
            />
            {!busy && (
              <IconButton size="small" aria-label="Remove the selected file" onClick={() => setFile(null)} data-testid="photo-id-clear">
                <CloseRounded fontSize="small" />
              </IconButton>
            )}
          </Box>
        )}
        {busy && (
          <Box sx={{ mb: 2 }} data-testid="photo-id-progress">
            <LinearProgress
              variant={progress !== null && progress > 0 ? 'determinate' : 'indeterminate'}
              value={Math.round((progress ?? 0) * 100)}
              aria-label="Upload progress"
            />
            <Typography variant="caption" color="text.secondary" role="status">
              {progress !== null && progress >= 1 ? 'Processing…' : progress ? `Uploading… ${Math.round(progress * 100)}%` : 'Uploading…'}
            </Typography>
          </Box>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} data-testid="photo-id-submit">
          Upload
        </Button>
      </Box>
    </AuthCard>
  );
}
