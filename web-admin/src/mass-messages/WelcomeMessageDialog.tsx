// The Welcome Message dialog: text area, Locked/Free (Free clears the
// previews), media selection and upload, preview selection, who gets it (default only future subscribers, with the
// help button), delivery timing radios (immediately by default, or a delay in hours, one decimal), the amount for
// locked messages and Save (no welcome message yet) or Update. The current message loads first; while its media
// render the spec's processing text shows, after a failed render its error text. Failures open an alert dialog.
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  useMediaQuery,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { ApiRequestError } from '../api';
import { useOpeningRead } from '../query';
import { mayCall } from '../access';
import { useCurrentSettings } from '../settings';
import { MediaAttach } from '../posts/MediaAttach';
import { HelpButton, useSay } from '../posts/parts';
import { existingItem, LoadingBlock } from '../posts/fullPost';
import { amountBounds, checkAmount, type GalleryState } from '../posts/rules';
import type { ComposerItem } from '../posts/types';
import { massApi, MASS_ROUTES, type Audience, type MessageMedia, type WelcomeDelivery, type WelcomeMessageView } from './api';
import { Block, DelayHoursField, FailureAlert, FanPreviewCard, HelpList, PriceFields, previewOf, useMediaUpload } from './parts';
import {
  AUDIENCE_LABELS,
  DEFAULT_DELAY_HOURS,
  DEFAULT_WELCOME_DELIVERY,
  DEFAULT_MASS_AMOUNT,
  fanPreview,
  firstProblem,
  formatDelay,
  MASS_TEXTS,
  messageTypeOf,
  offersFutureDelivery,
  parseDelayHours,
  validateWelcome,
  WELCOME_AUDIENCE_HELP,
  WELCOME_DELIVERY_LABELS,
  welcomeActionLabel,
  type MessageErrors,
} from './rules';

const emptyState = (): GalleryState<ComposerItem> => ({ items: [], preview: null, previewMode: false, reorder: false });

/** The saved welcome message as the form's gallery: its media as tiles, its preview in the Preview area. */
function galleryOf(w: WelcomeMessageView): GalleryState<ComposerItem> {
  const items = w.media.map((m, i) => existingItem(m, i, w.isError && (m as MessageMedia).status !== 'ready'));
  const preview = w.media_preview ? existingItem(w.media_preview, 0) : null;
  return { items, preview: preview ? { type: 'item', item: preview } : null, previewMode: Boolean(preview), reorder: false };
}

export function WelcomeMessageDialog({ open, onClose, role, onSaved }: { open: boolean; onClose: () => void; role: unknown; onSaved?: (view: WelcomeMessageView) => void }) {
  const say = useSay();
  const fullScreen = useMediaQuery('(max-width: 899.98px)', { noSsr: true });
  const { settings } = useCurrentSettings(open);
  const bounds = amountBounds(settings);
  const [current, setCurrent] = useState<WelcomeMessageView | null>(null);
  const [gallery, setGallery] = useState<GalleryState<ComposerItem>>(emptyState);
  const [locked, setLocked] = useState(false);
  const [amount, setAmount] = useState(String(DEFAULT_MASS_AMOUNT));
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<Audience>('ONLY_NEW');
  const [delivery, setDelivery] = useState<WelcomeDelivery>(DEFAULT_WELCOME_DELIVERY);
  const [delayText, setDelayText] = useState(formatDelay(DEFAULT_DELAY_HOURS));
  const [errors, setErrors] = useState<MessageErrors>({});
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const upload = useMediaUpload();

  const fill = (w: WelcomeMessageView | null) => {
    setCurrent(w);
    setGallery(w ? galleryOf(w) : emptyState());
    setLocked(w ? w.isLocked === 'locked' : false);
    setAmount(String(w && w.isLocked === 'locked' ? w.amount : DEFAULT_MASS_AMOUNT));
    setText(w?.message ?? '');
    setAudience(w?.sendTo ?? 'ONLY_NEW');
    setDelivery(w?.newUserMessageDelay ?? DEFAULT_WELCOME_DELIVERY);
    setDelayText(formatDelay(w?.delayByHours ?? DEFAULT_DELAY_HOURS));
    setErrors({});
    upload.reset();
  };

  // Each opening reads the current version afresh and fills the form from it once (nothing reads it again while
  // the form is being edited).
  const read = useOpeningRead(['mass-messages', 'welcome', 'current'], open, signal => massApi.getWelcome(signal));
  const loading = read.isFetching;
  useEffect(() => {
    if (read.isSuccess) fill(read.data);
    else if (read.isError) {
      fill(null);
      setAlert((read.error instanceof ApiRequestError && read.error.message) || MASS_TEXTS.welcomeFailed);
    }
    // Once per answer: fill is the form's, new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [read.data, read.error]);

  const previewItem = previewOf(gallery, locked);
  const input = { text, locked, mediaCount: gallery.items.length, previewCount: previewItem ? 1 : 0, amount, delivery, delayText };
  const clear = (...fields: (keyof MessageErrors)[]) => setErrors(e => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k as keyof MessageErrors))));

  const close = () => {
    if (!busy) onClose();
  };

  const save = async () => {
    if (busy || loading) return;
    const found = validateWelcome(input, bounds);
    setErrors(found);
    const first = firstProblem(found);
    if (first) {
      if (found.amount) setAmount(String(bounds.min));
      say(first, 'error');
      return;
    }
    setBusy(true);
    try {
      const { media, preview } = await upload.resolve(gallery, locked);
      const delay = parseDelayHours(delayText);
      const r = await massApi.setWelcome({
        ...(current ? { _id: current._id } : {}),
        message: text.trim(),
        type: messageTypeOf(gallery.items.map(i => i.kind)),
        isLocked: locked ? 'locked' : 'free',
        ...(locked ? { amount: Number(amount) } : {}),
        media,
        media_preview: preview,
        send_to: audience,
        new_user_message_delay: delivery,
        ...(delivery === 'DELAY_BY_HOURS' && delay.ok ? { delay_by_hours: delay.value } : {}),
      });
      say(r.message || MASS_TEXTS.welcomeSaved, 'success');
      onSaved?.(r.view);
      upload.reset();
      onClose();
    } catch (error) {
      const message = (error instanceof ApiRequestError && error.message) || MASS_TEXTS.uploadError;
      setAlert(message);
    } finally {
      setBusy(false);
    }
  };

  const mediaState = current?.isError ? 'error' : current?.processing ? 'processing' : null;

  return (
    <>
      <Dialog open={open} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="lg" aria-labelledby="welcome-title" data-testid="welcome-dialog">
        <DialogTitle id="welcome-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
          <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
            Welcome Message
          </Box>
          <IconButton aria-label="Close" onClick={close} disabled={busy}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>
          {loading ? (
            <LoadingBlock label="Loading the welcome message" />
          ) : (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.35fr) minmax(0, 1fr)' } }}>
              <Stack spacing={2.5} sx={{ minWidth: 0 }}>
                {mediaState === 'processing' ? (
                  <Alert severity="info" data-testid="welcome-processing">
                    {MASS_TEXTS.processing}
                  </Alert>
                ) : mediaState === 'error' ? (
                  <Alert severity="error" data-testid="welcome-upload-error">
                    {MASS_TEXTS.uploadError}
                  </Alert>
                ) : null}
                <TextField
                  label="Message"
                  value={text}
                  onChange={e => {
                    setText(e.target.value);
                    clear('message', 'media');
                  }}
                  multiline
                  minRows={3}
                  maxRows={8}
                  fullWidth
                  disabled={busy}
                  error={Boolean(errors.message)}
                  helperText={errors.message ?? 'What a fan reads when they get it.'}
                  slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'welcome-text' }, formHelperText: { 'data-testid': errors.message ? 'welcome-text-error' : undefined } as object }}
                />
                <PriceFields
                  locked={locked}
                  onLocked={on => {
                    setLocked(on);
                    if (!on) setGallery(g => ({ ...g, preview: null, previewMode: false }));
                    clear('amount', 'preview', 'media');
                  }}
                  amount={amount}
                  onAmount={v => {
                    setAmount(v);
                    clear('amount');
                  }}
                  onAmountBlur={() => {
                    const r = checkAmount(amount, bounds);
                    if (!r.ok) {
                      setErrors(e => ({ ...e, amount: r.message }));
                      setAmount(String(r.reset));
                    }
                  }}
                  error={errors.amount}
                  bounds={bounds}
                  disabled={busy}
                  freeHint="Fans see the media without paying."
                />
                <MediaAttach
                  source="upload"
                  state={gallery}
                  onState={next => {
                    setGallery(next);
                    clear('media', 'preview', 'message');
                  }}
                  locked={locked}
                  disabled={busy}
                  errors={{ media: errors.media, preview: errors.preview }}
                  onProblem={(message, field) => {
                    setErrors(e => ({ ...e, [field]: message }));
                    say(message, 'error');
                  }}
                />
              </Stack>
              <Stack spacing={2.5} sx={{ minWidth: 0 }}>
                <FanPreviewCard preview={fanPreview(input, bounds)} text={text} first={gallery.items[0] ?? null} previewItem={previewItem} />
                <Block
                  title="Send to"
                  action={
                    <HelpButton title="Who gets the welcome message?" testId="welcome-audience-help">
                      <HelpList lines={WELCOME_AUDIENCE_HELP} />
                    </HelpButton>
                  }
                >
                  <RadioGroup value={audience} onChange={(_, v) => setAudience(v as Audience)} aria-label="Send to">
                    {(['ONLY_NEW', 'EVERYONE', 'ONLY_EXISTING'] as Audience[]).map(a => (
                      <FormControlLabel key={a} value={a} control={<Radio size="small" />} label={AUDIENCE_LABELS[a]} disabled={busy} data-testid={`welcome-audience-${a}`} />
                    ))}
                  </RadioGroup>
                </Block>
                {offersFutureDelivery(audience) ? (
                  <Block title="When a new subscriber gets it">
                    <RadioGroup
                      value={delivery}
                      onChange={(_, v) => {
                        setDelivery(v as WelcomeDelivery);
                        clear('delay');
                      }}
                      aria-label="Delivery timing"
                    >
                      {(['IMMEDIATELY', 'DELAY_BY_HOURS'] as WelcomeDelivery[]).map(d => (
                        <FormControlLabel key={d} value={d} control={<Radio size="small" />} label={WELCOME_DELIVERY_LABELS[d]} disabled={busy} data-testid={`welcome-delivery-${d}`} />
                      ))}
                    </RadioGroup>
                    {delivery === 'DELAY_BY_HOURS' ? (
                      <DelayHoursField
                        value={delayText}
                        onChange={v => {
                          setDelayText(v);
                          clear('delay');
                        }}
                        error={errors.delay}
                        disabled={busy}
                      />
                    ) : null}
                  </Block>
                ) : null}
              </Stack>
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={busy || loading || !mayCall(role, MASS_ROUTES.setWelcome)} data-testid="welcome-save">
            {busy ? (upload.uploading ? 'Uploading…' : 'Saving…') : welcomeActionLabel(current?._id)}
          </Button>
        </DialogActions>
      </Dialog>
      <FailureAlert title="Welcome message not saved" message={alert} onClose={() => setAlert(null)} />
    </>
  );
}
