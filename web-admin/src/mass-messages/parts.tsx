// Pieces the mass-message and welcome-message dialogs and pages share: the failure alert (mass
// and welcome message failures are shown in an alert: here an MUI alert dialog, role="alertdialog", not
// window.alert), the Locked/Free toggle with the amount, the delay-hours field, help lists, the preview of what fans
// see, status chips and progress, and the media upload step (new files through the composer's uploader).
import { useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  InputAdornment,
  LinearProgress,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import ImageIcon from '@mui/icons-material/Image';
import { emptyGallery } from '../posts/MediaAttach';
import { AmountField } from '../posts/parts';
import { MessageTier } from '../posts/WhoCanSee';
import { useItemSource } from '../posts/MediaTile';
import type { Bounds, GalleryState } from '../posts/rules';
import type { ComposerItem, UploadSource } from '../posts/types';
import { uploadAll } from '../posts/uploader';
import { uploadProgress } from '../upload';
import type { MassStatus } from './api';
import { amountHint, delayInput, progressPercent, STATUS_COLORS, STATUS_LABELS, type FanPreview } from './rules';

/** The failure alert: a modal alert dialog the staff member has to acknowledge. */
export function FailureAlert({ message, title, onClose }: { message: string | null; title: string; onClose: () => void }) {
  return (
    <Dialog open={Boolean(message)} onClose={onClose} maxWidth="xs" fullWidth role="alertdialog" aria-labelledby="mass-alert-title" data-testid="mass-alert">
      <DialogContent sx={{ p: 0 }}>
        <Alert severity="error" variant="filled" sx={{ borderRadius: 0, alignItems: 'flex-start' }}>
          <AlertTitle id="mass-alert-title">{title}</AlertTitle>
          <span data-testid="mass-alert-message">{message}</span>
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus variant="contained" data-testid="mass-alert-ok">
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Locked (default) or Free, and the amount for locked messages. */
export function PriceFields({
  locked,
  onLocked,
  amount,
  onAmount,
  onAmountBlur,
  error,
  bounds,
  disabled,
  freeHint,
  tier,
}: {
  locked: boolean;
  onLocked: (locked: boolean) => void;
  amount: string;
  onAmount: (v: string) => void;
  onAmountBlur: () => void;
  error?: string;
  bounds: Bounds;
  disabled: boolean;
  freeHint: string;
  /** The tier a locked message is for (the mass message dialog; shown once tiers are on offer). */
  tier?: { value: string | null; onChange: (tierId: string | null) => void; error?: string };
}) {
  const row = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }} id="mass-lock-label">
          Type
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={locked ? 'locked' : 'free'}
          onChange={(_, v: 'locked' | 'free' | null) => v && onLocked(v === 'locked')}
          disabled={disabled}
          aria-labelledby="mass-lock-label"
          sx={{ '& .MuiToggleButton-root': { textTransform: 'none', gap: 0.75, px: 2 } }}
        >
          <ToggleButton value="locked" data-testid="mass-locked">
            <LockIcon fontSize="small" /> Locked
          </ToggleButton>
          <ToggleButton value="free" data-testid="mass-free">
            <LockOpenIcon fontSize="small" /> Free
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {locked ? (
        <Box sx={{ width: { xs: '100%', sm: 220 } }}>
          <AmountField value={amount} onChange={onAmount} onBlur={onAmountBlur} error={error} helperText={amountHint(bounds)} disabled={disabled} />
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ alignSelf: { sm: 'center' } }}>
          {freeHint}
        </Typography>
      )}
    </Stack>
  );
  if (!tier) return row;
  return (
    <Stack spacing={2}>
      {row}
      {locked && <MessageTier value={tier.value} onChange={tier.onChange} error={tier.error} disabled={disabled} testId="mass-tier" />}
    </Stack>
  );
}

/** Hours with at most one decimal (e.g. 2.5); other typing is ignored. */
export function DelayHoursField({ value, onChange, error, disabled }: { value: string; onChange: (v: string) => void; error?: string; disabled?: boolean }) {
  return (
    <TextField
      label="Delay"
      size="small"
      value={value}
      onChange={e => {
        const next = delayInput(e.target.value);
        if (next !== null) onChange(next);
      }}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? 'Hours, one decimal at most (e.g. 2.5).'}
      sx={{ width: { xs: '100%', sm: 220 }, ml: { sm: 4 } }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'data-testid': 'delay-hours' },
        input: { endAdornment: <InputAdornment position="end">hours</InputAdornment> },
        formHelperText: { 'data-testid': error ? 'delay-error' : undefined } as object,
      }}
    />
  );
}

export const HelpList = ({ lines }: { lines: readonly string[] }) => (
  <Box component="ul" sx={{ pl: 2.5, my: 0, '& li': { mb: 1 } }}>
    {lines.map(l => (
      <li key={l}>{l}</li>
    ))}
  </Box>
);

/** The first item's picture, for the fan preview. */
function Thumb({ item, blurred }: { item: ComposerItem; blurred: boolean }) {
  const src = useItemSource(item);
  if (!src || item.kind === 'video')
    return (
      <Box sx={{ width: '100%', height: '100%', display: 'grid', placeItems: 'center', bgcolor: 'action.selected' }}>
        <ImageIcon color="action" />
      </Box>
    );
  return <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover', filter: blurred ? 'blur(14px)' : 'none', transform: blurred ? 'scale(1.15)' : 'none' }} />;
}

/** What the fan's chat will show: the text bubble and the media, blurred with the price when locked (or free). */
export function FanPreviewCard({ preview, text, first, previewItem }: { preview: FanPreview; text: string; first: ComposerItem | null; previewItem: ComposerItem | null }) {
  return (
    <Box data-testid="fan-preview" sx={{ borderRadius: 2, p: 1.5, bgcolor: 'action.hover' }}>
      <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        What fans see
      </Typography>
      <Box sx={{ maxWidth: 280 }}>
        {preview.kind !== 'text' && first ? (
          <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', aspectRatio: '4 / 3', mb: text.trim() ? 1 : 0, bgcolor: 'background.paper' }}>
            <Thumb item={preview.kind === 'locked' && previewItem ? previewItem : first} blurred={preview.kind === 'locked' && !previewItem} />
            {preview.kind === 'locked' ? (
              <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, bgcolor: previewItem ? 'transparent' : 'rgba(0,0,0,.25)' }}>
                <Chip icon={<LockIcon />} label={`$${preview.price}`} color="primary" data-testid="fan-preview-price" />
                <Typography variant="caption" sx={{ color: '#fff', textShadow: '0 1px 3px rgba(0,0,0,.8)' }}>
                  {preview.count > 1 ? `${preview.count} items · ` : ''}Unlock for ${preview.price}
                </Typography>
              </Box>
            ) : (
              <Chip size="small" label={preview.count > 1 ? `Free · ${preview.count} items` : 'Free'} sx={{ position: 'absolute', top: 8, left: 8 }} data-testid="fan-preview-free" />
            )}
          </Box>
        ) : null}
        {text.trim() ? (
          <Box sx={{ display: 'inline-block', px: 1.5, py: 1, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText', maxWidth: '100%', wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
            {text.trim()}
          </Box>
        ) : preview.kind === 'text' ? (
          <Typography variant="body2" color="text.secondary">
            Write a message or add media.
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

export function StatusChip({ status }: { status: MassStatus }) {
  return <Chip size="small" label={STATUS_LABELS[status]} color={STATUS_COLORS[status]} variant={status === 'sent' ? 'outlined' : 'filled'} data-testid="mass-status" data-status={status} />;
}

/** delivered / recipients with a bar. */
export function Progress({ delivered, recipients, status }: { delivered: number; recipients: number; status: MassStatus }) {
  const percent = progressPercent(delivered, recipients, status);
  return (
    <Box sx={{ minWidth: 140 }} data-testid="mass-progress" data-delivered={delivered} data-recipients={recipients}>
      <Typography variant="body2">
        {delivered.toLocaleString()} of {recipients.toLocaleString()} delivered
      </Typography>
      <LinearProgress variant={status === 'processing' ? 'indeterminate' : 'determinate'} value={percent} sx={{ mt: 0.5, height: 6, borderRadius: 3 }} color={status === 'error' ? 'error' : status === 'sent' ? 'success' : 'primary'} />
    </Box>
  );
}

export type Galleries = Record<UploadSource, GalleryState<ComposerItem>>;
export const emptyGalleries = (): Galleries => ({ upload: emptyGallery(), library: emptyGallery() });

/** The chosen preview item of a locked gallery (a separate one, or one of the items), or null. */
export function previewOf(g: GalleryState<ComposerItem>, locked: boolean): ComposerItem | null {
  if (!locked || !g.previewMode || !g.preview) return null;
  return g.preview.type === 'item' ? g.preview.item : (g.items[g.preview.index] ?? null);
}

/**
 * Uploads the gallery's new files (preview first, as the composer does) and answers the media ids and the preview
 * id. Files an earlier attempt already uploaded are not uploaded twice.
 */
export function useMediaUpload() {
  const uploaded = useRef(new Map<string, string>());
  const [uploading, setUploading] = useState(false);
  const resolve = async (g: GalleryState<ComposerItem>, locked: boolean): Promise<{ media: string[]; preview: string | null }> => {
    const previewItem = locked && g.previewMode && g.preview?.type === 'item' ? g.preview.item : null;
    const files = [...(previewItem ? [previewItem] : []), ...g.items].filter(
      (i): i is Extract<ComposerItem, { source: 'file' }> => i.source === 'file' && !uploaded.current.has(i.key)
    );
    if (files.length) {
      setUploading(true);
      try {
        const ids = await uploadAll(
          files.map(i => ({ key: i.key, file: i.file })),
          'message'
        );
        ids.forEach((id, key) => uploaded.current.set(key, id));
      } finally {
        setUploading(false);
      }
    }
    const idOf = (i: ComposerItem) => (i.source === 'library' ? i.media.id : uploaded.current.get(i.key)!);
    const media = g.items.map(idOf);
    const chosen = previewOf(g, locked);
    return { media, preview: chosen ? idOf(chosen) : null };
  };
  const reset = () => {
    uploaded.current.clear();
    uploadProgress.clear();
  };
  return { resolve, reset, uploading };
}

/** A small titled block of a form. */
export function Block({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5, minHeight: 32 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}
