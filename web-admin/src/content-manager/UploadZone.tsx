import { useEffect, useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { Box, IconButton, LinearProgress, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { useNotify } from 'react-admin';
import { isAcceptedFileName } from '../../../domain/media/media';
import { uploadProgress } from '../upload';
import { libraryApi, messageOf } from './api';

/** Library uploads: png, jpg, jpeg, mp4 and quicktime. */
export const LIBRARY_ACCEPT = '.png,.jpg,.jpeg,.mp4,.mov,image/png,image/jpeg,video/mp4,video/quicktime';

interface Row {
  key: string;
  file: File;
  error: string | null;
}

let counter = 0;
const newKey = () => `lib${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * The drop-zone: files go up one after another through the shared upload helper, each with its progress, and
 * into the open category. `multiple` only for admins.
 */
export function UploadZone({
  multiple,
  categoryId,
  onUploaded,
  compact = false,
}: {
  multiple: boolean;
  /** A category of the creator's (uuid) the uploads go into; null for All Media / Preview. */
  categoryId: string | null;
  onUploaded: () => void;
  compact?: boolean;
}) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [over, setOver] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const pending = useRef(0);
  const failed = useRef(0);
  const keys = useRef<string[]>([]);

  const start = (picked: File[]) => {
    if (picked.length === 0) return;
    const files = multiple ? picked : picked.slice(0, 1);
    if (!multiple && picked.length > 1) notify('Please upload one file at a time.', { type: 'warning' });
    const accepted = files.filter(f => isAcceptedFileName(f.name));
    if (accepted.length < files.length) notify('Media format is not supported.', { type: 'error' });
    const fresh = accepted.map(file => ({ key: newKey(), file, error: null }));
    if (fresh.length === 0) return;
    setRows(r => [...r, ...fresh]);
    keys.current.push(...fresh.map(r => r.key));
    pending.current += fresh.length;
    const target = categoryId;
    for (const row of fresh) {
      queue.current = queue.current.then(async () => {
        try {
          await libraryApi.uploadOne(row, target);
          onUploaded();
          setTimeout(() => setRows(r => r.filter(x => x.key !== row.key)), 2500);
        } catch (error) {
          const message = messageOf(error, 'Error occured while uploading media');
          setRows(r => r.map(x => (x.key === row.key ? { ...x, error: message } : x)));
          failed.current += 1;
          notify(message, { type: 'error' });
        } finally {
          pending.current -= 1;
          if (pending.current === 0) {
            if (failed.current === 0) notify('Media uploaded successfully', { type: 'success' });
            failed.current = 0;
          }
        }
      });
    }
  };

  // The shared progress store outlives this page: forget this page's entries when it goes.
  useEffect(() => () => uploadProgress.clear(keys.current), []);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    start(Array.from(event.dataTransfer.files ?? []));
  };

  return (
    <Box>
      <Box
        role="button"
        tabIndex={0}
        aria-label={multiple ? 'Upload photos or videos' : 'Upload a photo or video'}
        data-testid="library-dropzone"
        onClick={() => input.current?.click()}
        onKeyDown={e => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={e => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1.5,
          px: 2,
          py: compact ? 1 : 1.75,
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          borderRadius: 2,
          bgcolor: over ? 'action.selected' : 'transparent',
          cursor: 'pointer',
          color: 'text.secondary',
          transition: 'border-color .15s, background-color .15s',
          '&:hover, &:focus-visible': { borderColor: 'primary.main', outline: 'none' },
        }}
      >
        <CloudUploadOutlinedIcon color="primary" />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <Box component="span" sx={{ color: 'primary.main', fontWeight: 600 }}>
            {multiple ? 'Drop photos or videos' : 'Drop a photo or video'}
          </Box>{' '}
          or click to browse · PNG, JPG, JPEG, MP4, MOV
        </Typography>
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        multiple={multiple}
        accept={LIBRARY_ACCEPT}
        data-testid="library-upload-input"
        onChange={e => {
          start(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      {rows.length > 0 ? (
        <Box sx={{ mt: 1, display: 'grid', gap: 0.75 }} data-testid="library-uploads">
          {rows.map(row => (
            <UploadRow key={row.key} row={row} onDismiss={() => setRows(r => r.filter(x => x.key !== row.key))} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

function UploadRow({ row, onDismiss }: { row: Row; onDismiss: () => void }) {
  const state = useSyncExternalStore(uploadProgress.subscribe, () => uploadProgress.get(row.key));
  const status = row.error ? 'error' : (state?.status ?? 'waiting');
  const label = row.error ?? (status === 'done' ? 'Uploaded' : status === 'saving' ? 'Saving…' : status === 'uploading' ? `${state?.percent ?? 0}%` : 'Waiting');
  return (
    <Box data-testid="library-upload" data-upload-status={status} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="caption" noWrap title={row.file.name}>
            {row.file.name}
          </Typography>
          <Typography variant="caption" color={row.error ? 'error' : 'text.secondary'} noWrap sx={{ flexShrink: 0, maxWidth: '60%' }}>
            {label}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={row.error ? 100 : (state?.percent ?? 0)}
          color={row.error ? 'error' : status === 'done' ? 'success' : 'primary'}
          aria-label={`Upload of ${row.file.name}`}
          sx={{ height: 4, borderRadius: 2 }}
        />
      </Box>
      {row.error ? (
        <IconButton size="small" aria-label={`Dismiss ${row.file.name}`} onClick={onDismiss}>
          <CloseIcon fontSize="small" />
        </IconButton>
      ) : null}
    </Box>
  );
}
