// The Mass Message dialog: text area, media from the Content
// Manager or a new upload, Locked/Free, the amount (default 20, within the unlock bounds), the audience and the
// future-subscriber delivery (each with a help modal), scheduling (not for ONLY_NEW), a preview of what fans see and
// the 'Send To All' button. New files are uploaded first (an address per file, the file, then the message); a failure
// opens an alert dialog. Once sent, the dialog shows the delivery progress live (MASS_MESSAGE_UPDATED).
import { useMemo, useRef, useState } from 'react';
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
  Switch,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useBasename } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ApiRequestError } from '../api';
import { mayCall } from '../access';
import { useLiveQuery } from '../query';
import { useFrame } from '../realtime';
import { useCurrentSettings } from '../settings';
import { MediaAttach } from '../posts/MediaAttach';
import { HelpButton, ScheduleFields, useSay } from '../posts/parts';
import { amountBounds, checkAmount, defaultSchedule, type Schedule } from '../posts/rules';
import type { UploadSource } from '../posts/types';
import { massApi, MASS_ROUTES, type Audience, type MassDelivery, type MassMessageUpdated, type MassMessageView } from './api';
import { CategoryField } from './CategoryField';
import { Block, DelayHoursField, emptyGalleries, FailureAlert, FanPreviewCard, HelpList, PriceFields, previewOf, Progress, StatusChip, useMediaUpload, type Galleries } from './parts';
import { MANAGE_MASS_MESSAGES_PATH } from './paths';
import {
  applyUpdate,
  AUDIENCE_HELP,
  AUDIENCE_LABELS,
  audienceSummary,
  chooseAudience,
  DEFAULT_DELAY_HOURS,
  DEFAULT_MASS_AMOUNT,
  deliveryHelp,
  fanPreview,
  firstProblem,
  formatDelay,
  MASS_DELIVERY_LABELS,
  MASS_TEXTS,
  messageTypeOf,
  newSendId,
  offersFutureDelivery,
  offersSchedule,
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
  const [audience, setAudience] = useState<Audience>('EVERYONE');
  const [delivery, setDelivery] = useState<MassDelivery>('STAGGER_OVER_TIME');
  const [delayText, setDelayText] = useState(defaultDelay);
  const [scheduleOn, setScheduleOn] = useState(false);
  const [schedule, setSchedule] = useState<Schedule>(() => defaultSchedule(new Date()));
  const [category, setCategory] = useState<string | null>(null);
  const [errors, setErrors] = useState<MessageErrors>({});
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [held, setSent] = useState<MassMessageView | null>(null);
  const [sendId, setSendId] = useState(newSendId);
  const upload = useMediaUpload();

  // The sent message's progress, live. Frames that come before the send's answer are kept and applied to it, and
  // the message is read once more when the answer is in (nothing in between is lost).
  const early = useRef(new Map<string, MassMessageUpdated>());
  useFrame<MassMessageUpdated>(
    'MASS_MESSAGE_UPDATED',
    data => {
      early.current.set(data._id, data);
      setSent(s => (s ? applyUpdate([s], data)[0] : s));
    },
    open
  );
  const sentId = held?._id ?? null;
  const again = useLiveQuery(['mass-messages', 'one', sentId], signal => massApi.one(sentId ?? '', signal), { enabled: Boolean(sentId) }).data;
  // The read again wins when it is of this message and has got at least as far as the frames did.
  const sent = held && again && again._id === held._id && again.stats.delivered >= held.stats.delivered ? again : held;

  const gallery = galleries[source];
  const previewItem = previewOf(gallery, locked);
  const input = {
    text,
    locked,
    mediaCount: gallery.items.length,
    previewCount: previewItem ? 1 : 0,
    amount,
    audience,
    delivery,
    delayText,
    scheduleOn,
    schedule,
  };
  const preview = fanPreview(input, bounds);
  const isAdmin = role === 'admin' || role === 'super_admin';
  const showCategory = isAdmin && mayCall(role, 'GET /api/media/category');
  const summary = useMemo(
    () => audienceSummary(audience, delivery, delayText, scheduledAt({ audience, scheduleOn, schedule }), stagger),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [audience, delivery, delayText, scheduleOn, schedule, stagger.min, stagger.max]
  );

  const reset = () => {
    early.current.clear();
    setSource('library');
    setGalleries(emptyGalleries());
    setLocked(true);
    setAmount(String(DEFAULT_MASS_AMOUNT));
    setText('');
    setAudience('EVERYONE');
    setDelivery('STAGGER_OVER_TIME');
    setDelayText(defaultDelay);
    setScheduleOn(false);
    setSchedule(defaultSchedule(new Date()));
    setCategory(null);
    setErrors({});
    setSent(null);
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
    setBusy(true);
    try {
      const { media, preview: previewId } = await upload.resolve(gallery, locked);
      const delay = parseDelayHours(delayText);
      const r = await massApi.send({
        message: text.trim(),
        type: messageTypeOf(gallery.items.map(i => i.kind)),
        isLocked: locked ? 'locked' : 'free',
        ...(locked ? { amount: Number(amount) } : {}),
        ...(media.length ? { media } : {}),
        media_preview: previewId,
        send_to: audience,
        new_user_message_delay: delivery,
        ...(delivery === 'DELAY_BY_HOURS' && delay.ok ? { delay_by_hours: delay.value } : {}),
        scheduled_at: scheduledAt({ audience, scheduleOn, schedule }),
        ...(showCategory ? { category } : {}),
        uniqueId: sendId,
      });
      const seen = early.current.get(r.view._id);
      setSent(seen && (seen.delivered ?? 0) >= r.view.stats.delivered ? applyUpdate([r.view], seen)[0] : r.view);
      if (r.message) say(r.message, 'success');
    } catch (error) {
      const message = (error instanceof ApiRequestError && error.message) || MASS_TEXTS.massFailed;
      const field = error instanceof ApiRequestError ? error.field : undefined;
      if (field === 'amount' || field === 'media' || field === 'message' || field === 'media_preview') setErrors(e => ({ ...e, [field === 'media_preview' ? 'preview' : field]: message }));
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
          <DialogContent dividers data-testid="mass-sent">
            <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 560 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <CheckCircleIcon color="success" />
                <Typography>
                  {sent.status === 'scheduled' ? `Scheduled for ${sent.scheduled_at ? new Date(sent.scheduled_at).toLocaleString() : 'later'}.` : 'Your mass message is on its way.'}
                </Typography>
                <StatusChip status={sent.status} />
              </Stack>
              <Progress delivered={sent.stats.delivered} recipients={sent.stats.recipients} status={sent.status} />
              <Typography variant="body2" color="text.secondary">
                {audienceSummary(sent.send_to, sent.new_user_message_delay, formatDelay(sent.delay_by_hours), sent.scheduled_at, stagger)} You can follow and cancel it
                under Manage mass messages.
              </Typography>
            </Stack>
          </DialogContent>
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
                />
                {showCategory ? <CategoryField value={category} onChange={setCategory} canAdd={mayCall(role, 'POST /api/media/category')} disabled={busy} /> : null}
              </Stack>

              <Stack spacing={2.5} sx={{ minWidth: 0 }}>
                <FanPreviewCard preview={preview} text={text} first={gallery.items[0] ?? null} previewItem={previewItem} />
                <Block
                  title="Send to"
                  action={
                    <HelpButton title="Who gets it?" testId="audience-help">
                      <HelpList lines={AUDIENCE_HELP} />
                    </HelpButton>
                  }
                >
                  <RadioGroup
                    value={audience}
                    onChange={(_, v) => {
                      const next = chooseAudience({ audience, delivery, scheduleOn }, v as Audience);
                      setAudience(next.audience);
                      setDelivery(next.delivery);
                      setScheduleOn(next.scheduleOn);
                      clear('schedule', 'delay');
                    }}
                    aria-label="Send to"
                  >
                    {(Object.keys(AUDIENCE_LABELS) as Audience[]).map(a => (
                      <FormControlLabel key={a} value={a} control={<Radio size="small" />} label={AUDIENCE_LABELS[a]} disabled={busy} data-testid={`audience-${a}`} />
                    ))}
                  </RadioGroup>
                </Block>
                {offersFutureDelivery(audience) ? (
                  <Block
                    title="Fans who subscribe later get it"
                    action={
                      <HelpButton title="Delivery to future subscribers" testId="delivery-help">
                        <HelpList lines={deliveryHelp(stagger.min, stagger.max)} />
                      </HelpButton>
                    }
                  >
                    <RadioGroup
                      value={delivery}
                      onChange={(_, v) => {
                        setDelivery(v as MassDelivery);
                        clear('delay');
                      }}
                      aria-label="Delivery to future subscribers"
                    >
                      {(Object.keys(MASS_DELIVERY_LABELS) as MassDelivery[]).map(d => (
                        <FormControlLabel key={d} value={d} control={<Radio size="small" />} label={MASS_DELIVERY_LABELS[d]} disabled={busy} data-testid={`delivery-${d}`} />
                      ))}
                    </RadioGroup>
                    {delivery === 'DELAY_BY_HOURS' ? <DelayHoursField value={delayText} onChange={v => { setDelayText(v); clear('delay'); }} error={errors.delay} disabled={busy} /> : null}
                  </Block>
                ) : null}
                {offersSchedule(audience) ? (
                  <Block title="When">
                    <FormControlLabel
                      control={<Switch checked={scheduleOn} onChange={(_, on) => { setScheduleOn(on); clear('schedule'); }} disabled={busy} slotProps={{ input: { 'data-testid': 'mass-schedule-switch' } as object }} />}
                      label={scheduleOn ? 'Scheduled' : 'Send now'}
                    />
                    {scheduleOn ? <ScheduleFields value={schedule} onChange={s => { setSchedule(s); clear('schedule'); }} error={errors.schedule} disabled={busy} /> : null}
                  </Block>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    Scheduling is not offered for future subscribers only.
                  </Typography>
                )}
                <Alert severity="info" variant="outlined" data-testid="mass-summary">
                  {summary}
                </Alert>
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
              <Button variant="contained" endIcon={<SendIcon />} onClick={() => void send()} disabled={busy || !mayCall(role, MASS_ROUTES.send)} data-testid="mass-send">
                {busy ? (upload.uploading ? 'Uploading…' : 'Sending…') : 'Send To All'}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
      <FailureAlert title="Mass message not sent" message={alert} onClose={() => setAlert(null)} />
    </>
  );
}
