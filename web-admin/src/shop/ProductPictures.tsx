// A product's pictures and (digital) file, chosen from the media library: thumbnails in their order, moved left
// or right, removed; "Choose from library" opens the Content Manager as a picker, and a file uploaded here is
// picked from the library right after. The form holds only media ids (image_media_ids, digital_media_id).
import { lazy, Suspense, useState } from 'react';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloseIcon from '@mui/icons-material/Close';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { useInput, useRecordContext } from 'react-admin';
import type { LibraryMediaRecord } from '../../../domain/media/wire';
import { UploadZone } from '../content-manager/UploadZone';

const Picker = lazy(async () => ({ default: (await import('../content-manager/MediaPickerDialog')).MediaPickerDialog }));

export const MAX_PRODUCT_PICTURES = 10;

interface ShownMedia { thumbnail_url: string | null; file_name?: string }
interface ProductRecordMedia { images?: { _id: string; thumbnail_url: string | null }[]; digital_file_name?: string | null }

/** Moves the item at `from` one place left (-1) or right (+1). */
export const moved = <T,>(list: readonly T[], from: number, by: -1 | 1): T[] => {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
};

function useShown() {
  const record = useRecordContext<ProductRecordMedia>();
  const [picked, setPicked] = useState<Record<string, ShownMedia>>({});
  const known = (id: string): ShownMedia | undefined => picked[id] ?? record?.images?.find((i) => i._id === id);
  const remember = (media: LibraryMediaRecord[]) =>
    setPicked((p) => ({ ...p, ...Object.fromEntries(media.map((m) => [m.id, { thumbnail_url: m.thumbnail_url || null, file_name: m.file_name }])) }));
  return { known, remember };
}

function LibraryButtons({ label, multiple, max, onSelect }: { label: string; multiple: boolean; max?: number; onSelect: (media: LibraryMediaRecord[]) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} alignItems={{ sm: 'center' }}>
        <Button variant="outlined" startIcon={<PhotoLibraryIcon />} onClick={() => setOpen(true)} data-testid={`shop-pick-${label}`}>Choose from library</Button>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <UploadZone multiple={multiple} categoryId={null} onUploaded={() => setOpen(true)} compact />
        </Box>
      </Stack>
      {open && (
        <Suspense fallback={null}>
          <Picker open onClose={() => setOpen(false)} multiple={multiple} max={max} title={multiple ? 'Select Media' : 'Select file'}
            onSelect={(media) => { onSelect(media); setOpen(false); }} />
        </Suspense>
      )}
    </>
  );
}

/** The pictures, in the order fans see them (the first is the product's thumbnail). */
export function ProductPicturesInput() {
  const { field } = useInput<string[]>({ source: 'image_media_ids', defaultValue: [] });
  const ids: string[] = Array.isArray(field.value) ? field.value : [];
  const { known, remember } = useShown();
  const set = (next: string[]) => field.onChange(next);
  return (
    <Box sx={{ display: 'grid', gap: 1, my: 1 }} data-testid="shop-pictures">
      <Typography variant="subtitle2">Pictures {ids.length ? `(${ids.length} of ${MAX_PRODUCT_PICTURES}; the first is the thumbnail)` : ''}</Typography>
      {ids.length === 0 && <Typography variant="body2" color="text.secondary">No pictures yet: fans see the product kind's artwork.</Typography>}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))' }}>
        {ids.map((id, i) => {
          const m = known(id);
          return (
            <Box key={id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }} data-testid={`shop-picture-${i}`} data-media-id={id}>
              <Box sx={{ aspectRatio: '1', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                {m?.thumbnail_url ? <Box component="img" src={m.thumbnail_url} alt={`Picture ${i + 1}`} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
                  : <Typography variant="caption" color="text.secondary" sx={{ p: 0.5, overflowWrap: 'anywhere' }}>{m?.file_name ?? 'Picture'}</Typography>}
              </Box>
              <Stack direction="row" justifyContent="space-between">
                <Tooltip title="Move left"><span><IconButton size="small" aria-label={`Move picture ${i + 1} left`} disabled={i === 0} onClick={() => set(moved(ids, i, -1))}><ArrowBackIcon fontSize="small" /></IconButton></span></Tooltip>
                <Tooltip title="Remove"><IconButton size="small" aria-label={`Remove picture ${i + 1}`} onClick={() => set(ids.filter((x) => x !== id))}><CloseIcon fontSize="small" /></IconButton></Tooltip>
                <Tooltip title="Move right"><span><IconButton size="small" aria-label={`Move picture ${i + 1} right`} disabled={i === ids.length - 1} onClick={() => set(moved(ids, i, 1))}><ArrowForwardIcon fontSize="small" /></IconButton></span></Tooltip>
              </Stack>
            </Box>
          );
        })}
      </Box>
      {ids.length < MAX_PRODUCT_PICTURES && (
        <LibraryButtons label="pictures" multiple max={MAX_PRODUCT_PICTURES - ids.length} onSelect={(media) => {
          remember(media);
          set([...ids, ...media.map((m) => m.id).filter((id) => !ids.includes(id))].slice(0, MAX_PRODUCT_PICTURES));
        }} />
      )}
    </Box>
  );
}

/** A digital product's file: what the buyer downloads. */
export function DigitalFileInput() {
  const { field } = useInput<string | null>({ source: 'digital_media_id', defaultValue: null });
  const id = typeof field.value === 'string' && field.value ? field.value : null;
  const { known, remember } = useShown();
  const record = useRecordContext<ProductRecordMedia>();
  const name = id ? known(id)?.file_name ?? record?.digital_file_name ?? 'Chosen file' : null;
  return (
    <Box sx={{ display: 'grid', gap: 1, my: 1 }} data-testid="shop-digital-file">
      <Typography variant="subtitle2">File the buyer downloads</Typography>
      {id ? (
        <Stack direction="row" alignItems="center" gap={1}>
          <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="shop-digital-file-name">{name}</Typography>
          <Button size="small" onClick={() => field.onChange(null)}>Remove</Button>
        </Stack>
      ) : <Typography variant="body2" color="text.secondary">No file yet: buyers cannot download until one is chosen.</Typography>}
      <LibraryButtons label="file" multiple={false} onSelect={(media) => { remember(media); field.onChange(media[0]?.id ?? null); }} />
    </Box>
  );
}
