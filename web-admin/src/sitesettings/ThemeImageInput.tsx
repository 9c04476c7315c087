// Upload fields for the landing page and hero banner images (POST /api/app_settings/upload-theme-image, PNG or
// JPG; the answer's url goes into the setting, saved with the form). Remove only clears the field: touching the
// saved settings mid-edit would make the form's version stale (412 on save). Once saved, the server removes the
// files the settings stopped using.
import { useRef, useState } from 'react';
import { Box, Button, CircularProgress, FormHelperText, IconButton, Tooltip, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { FieldTitle, useInput, useNotify, type InputProps } from 'react-admin';
import { consoleHeaders, isOffline, OFFLINE_MESSAGE } from '../api';

const ACCEPT = 'image/png,image/jpeg';
const FORMAT_ERROR = 'Media format is not supported.';
const UPLOAD_ERROR = 'There was an error while uploading the image.';

async function uploadThemeImage(file: File): Promise<string> {
  if (!/^image\/(png|jpeg)$/.test(file.type) && !/\.(png|jpe?g)$/i.test(file.name)) throw new Error(FORMAT_ERROR);
  const form = new FormData();
  form.append('image', file, file.name);
  const headers = consoleHeaders({ Accept: 'application/json' });
  let response: Response;
  try {
    response = await fetch('/api/app_settings/upload-theme-image', { method: 'POST', headers, body: form });
  } catch {
    throw new Error(isOffline() ? OFFLINE_MESSAGE : UPLOAD_ERROR);
  }
  const body = (await response.json().catch(() => null)) as { success?: number; message?: string; data?: { url?: string } } | null;
  if (!response.ok || !body?.success || !body.data?.url) throw new Error(body?.message || UPLOAD_ERROR);
  return body.data.url;
}

export function ImageTile({
  value,
  label,
  testId,
  onChange,
}: {
  value: string | null;
  label: string;
  testId: string;
  /** Remove only clears the field: the form saves it, and the server then drops the file the settings no longer use. */
  onChange: (url: string | null) => void;
}) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const url = await uploadThemeImage(file);
      onChange(url);
    } catch (e) {
      notify((e as Error).message || UPLOAD_ERROR, { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <Box
      data-testid={testId}
      sx={{
        position: 'relative',
        width: 148,
        height: 112,
        borderRadius: 1.5,
        border: 1,
        borderColor: 'divider',
        borderStyle: value ? 'solid' : 'dashed',
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'action.hover',
      }}
    >
      {value ? <Box component="img" src={value} alt={label} sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} /> : null}
      <input ref={input} type="file" accept={ACCEPT} hidden aria-label={`${label} file`} data-testid={`${testId}-file`} onChange={e => void pick(e.target.files?.[0])} />
      {busy ? (
        <CircularProgress size={28} aria-label="Uploading" />
      ) : value ? (
        <Box sx={{ position: 'absolute', top: 4, right: 4, display: 'flex', gap: 0.5 }}>
          <Tooltip title="Replace">
            <IconButton size="small" aria-label={`Replace ${label}`} onClick={() => input.current?.click()} sx={{ bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}>
              <UploadIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Remove">
            <IconButton
              size="small"
              aria-label={`Remove ${label}`}
              data-testid={`${testId}-remove`}
              onClick={() => onChange(null)}
              sx={{ bgcolor: 'rgba(0,0,0,0.55)', color: '#fff', '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' } }}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ) : (
        <Button size="small" startIcon={<UploadIcon />} onClick={() => input.current?.click()} data-testid={`${testId}-upload`}>
          Upload
        </Button>
      )}
    </Box>
  );
}

/** One image setting (a URL or null). */
export function ThemeImageInput(props: InputProps & { helperText?: string }) {
  const { source, label, helperText } = props;
  const { field, fieldState, isRequired } = useInput({ ...props, defaultValue: null });
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
        <FieldTitle label={label} source={source} isRequired={isRequired} />
      </Typography>
      <ImageTile value={value} label={typeof label === 'string' ? label : source} testId={`theme-image-${source}`} onChange={url => field.onChange(url)} />
      <FormHelperText error={!!fieldState.error}>{fieldState.error?.message ?? helperText}</FormHelperText>
    </Box>
  );
}

/** A fixed number of image slots (rotating banner images, the six-image grid); empty slots are null. */
export function ThemeImageSlotsInput(props: InputProps & { helperText?: string; slots: number }) {
  const { source, label, helperText, slots } = props;
  const { field, fieldState, isRequired } = useInput({ ...props, defaultValue: [] });
  const values: (string | null)[] = Array.from({ length: slots }, (_, i) => (Array.isArray(field.value) && typeof field.value[i] === 'string' ? field.value[i] : null));
  const set = (i: number, url: string | null) => {
    const next = [...values];
    next[i] = url;
    // Trailing empty slots are dropped so an untouched list stays [].
    while (next.length && next[next.length - 1] === null) next.pop();
    field.onChange(next);
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
        <FieldTitle label={label} source={source} isRequired={isRequired} />
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {values.map((v, i) => (
          <ImageTile key={i} value={v} label={`${typeof label === 'string' ? label : source} ${i + 1}`} testId={`theme-image-${source}-${i}`} onChange={url => set(i, url)} />
        ))}
      </Box>
      <FormHelperText error={!!fieldState.error}>{fieldState.error?.message ?? helperText}</FormHelperText>
    </Box>
  );
}
