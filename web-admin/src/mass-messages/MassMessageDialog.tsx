// The Mass Message dialog: text area, media from the Content
// Manager or a new upload, Locked/Free, the amount (default 20, within the unlock bounds) and, once tiers are on
// offer, the tier a locked message is for (lower tiers see "Upgrade to …"), the audience and the
// future-subscriber delivery (each with a help modal), scheduling (not for ONLY_NEW), a preview of what fans see and
// the submit button ("Send now", or "Schedule" when a time is chosen). New files are uploaded first (an address per file, the file, then the message); a failure
// opens an alert dialog. Once sent, the dialog shows the delivery progress live (MASS_MESSAGE_UPDATED).
import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, useMediaQuery } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useBasename } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ApiRequestError } from '../api';
import { mayCall } from '../access';
import { useCurrentSettings } from '../settings';
import { MediaAttach } from '../posts/MediaAttach';
import { useSay } from '../posts/parts';
import { amountBounds, checkAmount } from '../posts/rules';
import type { UploadSource } from '../posts/types';
import { massApi, MASS_ROUTES } from './api';
import { CategoryField } from './CategoryField';
import { initialWhen, MassAudienceFields, type MassWhen } from './MassAudienceFields';
import { segmentBody } from './audienceRules';
import { MassSentContent, useSentMessage } from './MassSent';
import { emptyGalleries, FailureAlert, FanPreviewCard, PriceFields, previewOf, useMediaUpload, type Galleries } from './parts';
import { MANAGE_MASS_MESSAGES_PATH } from './paths';
import {
  DEFAULT_DELAY_HOURS,
  DEFAULT_MASS_AMOUNT,
  fanPreview,
  firstProblem,
  formatDelay,
  MASS_TEXTS,
  messageTypeOf,
  newSendId,
  parseDelayHours,
  scheduledAt,
  validateMass,
  type MessageErrors,
} from './rules';

type Extra = { stagger_min_hours?: number; stagger_max_hours?: number; mass_message_default_delay_hours?: number };

export function MassMessageDialog({ open, onClose, role }: { open: boolean; onClose: () => void; role: unknown }) {
  const say = useSay();
  const basename = useBasename();
  const fullScreen = useMediaQuery('(max-width: 899.98px)', { noSsr: true });
  const { settings } = useCurrentSettings(open);
  const extra = settings as unknown as Extra;
  const stagger = { min: extra.stagger_min_hours ?? 24, max: extra.stagger_max_hours ?? 48 };
  const defaultDelay = formatDelay(extra.mass_message_default_delay_hours ?? DEFAULT_DELAY_HOURS);
  const bounds = amountBounds(settings);

  const [source, setSource] = useState<UploadSource>('library');
  const [galleries, setGalleries] = useState<Galleries>(emptyGalleries);
  const [locked, setLocked] = useState(true);
  const [amount, setAmount] = useState(String(DEFAULT_MASS_AMOUNT));
  const [text, setText] = useState('');
  const [when, setWhen] = useState<MassWhen>(() => initialWhen(defaultDelay));
  const [category, setCategory] = useState<string | null>(null);
  const [minTierId, setMinTierId] = useState<string | null>(null);
  const [tierError, setTierError] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<MessageErrors>({});
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [sendId, setSendId] = useState(newSendId);
  const upload = useMediaUpload();

  const { sent, show, clear: clearSent } = useSentMessage(open);

  const gallery = galleries[source];
  const previewItem = previewOf(gallery, locked);
  const input = { text, locked, mediaCount: gallery.items.length, previewCount: previewItem ? 1 : 0, amount, ...when };
  const preview = fanPreview(input, bounds);
  const isAdmin = role === 'admin' || role === 'super_admin';
  const showCategory = isAdmin && mayCall(role, 'GET /api/media/category');

  const reset = () => {
    clearSent();
    setSource('library');
    setGalleries(emptyGalleries());
    setLocked(true);
    setAmount(String(DEFAULT_MASS_AMOUNT));
    setText('');
    setWhen(initialWhen(defaultDelay));
    setCategory(null);
    setMinTierId(null);
    setTierError(undefined);
    setErrors({});
    setSendId(newSendId());
    upload.reset();
  };

  const close = () => {
    if (busy) return;
    if (sent) reset();
    onClose();
  };

  const clear = (...fields: (keyof MessageErrors)[]) => setErrors(e => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k as keyof MessageErrors))));

  const send = async () => {
    if (busy) return;
    const found = validateMass(input, bounds, new Date());
    setErrors(found);
    const first = firstProblem(found);
    if (first) {
      if (found.amount) setAmount(String(bounds.min));
      say(first, 'error');
      return;
    }
    if (segmentBody(when.segment, when.segmentInput) === null) {
      say(when.segment === 'tier' ? 'Choose the tier.' : 'Choose the post.', 'error');
      return;
    }
    setBusy(true);
    try {
      const { media, preview: previewId } = await upload.resolve(gallery, locked);
      const { audience, delivery, delayText, scheduleOn, schedule } = when;
      const delay = parseDelayHours(delayText);
      const segment = segmentBody(when.segment, when.segmentInput);
      const r = await massApi.send({
        message: text.trim(),
        type: messageTypeOf(gallery.items.map(i => i.kind)),
        isLocked: locked ? 'locked' : 'free',
        ...(locked ? { amount: Number(amount) } : {}),
        ...(locked && minTierId ? { min_tier_id: minTierId } : {}),
        ...(media.length ? { media } : {}),
        media_preview: previewId,
        send_to: audience,
        new_user_message_delay: delivery,
        ...(delivery === 'DELAY_BY_HOURS' && delay.ok ? { delay_by_hours: delay.value } : {}),
        scheduled_at: scheduledAt({ audience, scheduleOn, schedule }),
        ...(showCategory ? { category } : {}),
        uniqueId: sendId,
        ...(segment ? { audience: segment } : {}),
      });
      show(r.view);
      if (r.message) say(r.message, 'success');
    } catch (error) {
      const message = (error instanceof ApiRequestError && error.message) || MASS_TEXTS.massFailed;
      const field = error instanceof ApiRequestError ? error.field : undefined;
      if (field === 'amount' || field === 'media' || field === 'message' || field === 'media_preview') setErrors(e => ({ ...e, [field === 'media_preview' ? 'preview' : field]: message }));
      if (field === 'min_tier_id') setTierError(message);
      setAlert(message);
    } finally {
      setBusy(false);
    }
  };

  const setGallery = (next: Galleries[UploadSource]) => {
    setGalleries(g => ({ ...g, [source]: next }));
    clear('media', 'preview', 'message');
  };

  return (
    <>
      <Dialog open={open} onClose={close} fullScreen={fullScreen} fullWidth maxWidth="lg" aria-labelledby="mass-title" data-testid="mass-dialog">
        <DialogTitle id="mass-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
          <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
            {sent ? 'Mass message sent' : 'Send Mass Message'}
          </Box>
          <IconButton aria-label="Close" onClick={close} disabled={busy}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        {sent ? (
          <MassSentContent sent={sent} stagger={stagger} />
        ) : (
          <DialogContent dividers>
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.35fr) minmax(0, 1fr)' } }}>
              <Stack spacing={2.5} sx={{ minWidth: 0 }}>
                <TextField
                  label="Message"
                  value={text}
                  onChange={e => {
                    setText(e.target.value);
                    clear('message');
                  }}
                  multiline
                  minRows={3}
                  maxRows={8}
                  fullWidth
                  disabled={busy}
                  error={Boolean(errors.message)}
                  helperText={errors.message ?? 'Shown with the media, or on its own as a text message.'}
                  slotProps={{ htmlInput: { maxLength: 5000, 'data-testid': 'mass-text' }, formHelperText: { 'data-testid': errors.message ? 'mass-text-error' : undefined } as object }}
                />
                <MediaAttach
                  source={source}
                  onSource={next => {
                    setSource(next);
                    clear('media', 'preview');
                  }}
                  state={gallery}
                  onState={setGallery}
                  locked={locked}
                  disabled={busy}
                  errors={{ media: errors.media, preview: errors.preview }}
                  onProblem={(message, field) => {
                    setErrors(e => ({ ...e, [field]: message }));
                    say(message, 'error');
                  }}
                />
                <PriceFields
                  locked={locked}
                  onLocked={on => {
                    setLocked(on);
                    // Free clears all previews.
                    if (!on) setGalleries(g => ({ upload: { ...g.upload, preview: null, previewMode: false }, library: { ...g.library, preview: null, previewMode: false } }));
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
                  tier={{
                    value: minTierId,
                    onChange: v => {
                      setMinTierId(v);
                      setTierError(undefined);
                    },
                    error: tierError,
                  }}
                />
                {showCategory ? <CategoryField value={category} onChange={setCategory} canAdd={mayCall(role, 'POST /api/media/category')} disabled={busy} /> : null}
              </Stack>

              <Stack spacing={2.5} sx={{ minWidth: 0 }}>
                <FanPreviewCard preview={preview} text={text} first={gallery.items[0] ?? null} previewItem={previewItem} />
                <MassAudienceFields
                  when={when}
                  onWhen={(change, ...cleared) => {
                    setWhen(w => ({ ...w, ...change }));
                    clear(...cleared);
                  }}
                  errors={errors}
                  busy={busy}
                  stagger={stagger}
                />
              </Stack>
            </Box>
          </DialogContent>
        )}
        <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
          {sent ? (
            <>
              <Button component={RouterLink} to={`${basename}${MANAGE_MASS_MESSAGES_PATH}`} onClick={close} data-testid="mass-manage-link">
                Manage mass messages
              </Button>
              <Button variant="contained" onClick={close} data-testid="mass-done">
                Done
              </Button>
            </>
          ) : (
            <>
              <Button onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button variant="contained" endIcon={scheduledAt(when) ? <ScheduleIcon /> : <SendIcon />} onClick={() => void send()} disabled={busy || !mayCall(role, MASS_ROUTES.send)} data-testid="mass-send">
                {busy ? (upload.uploading ? 'Uploading…' : 'Sending…') : scheduledAt(when) ? 'Schedule' : 'Send now'}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
      <FailureAlert title="Mass message not sent" message={alert} onClose={() => setAlert(null)} />
    </>
  );
}
