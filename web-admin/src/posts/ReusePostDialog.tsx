// Reuse Post dialog: loads a post and republishes it as a new version. Help and preview-help
// modals, Content Manager pickers ('Select Media' / 'Select Preview'), optional schedule (on initially only
// when the post is dated in the future; default tomorrow at the current time) and 'keep original date'.
import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import type { AdminMediaRecord } from '../../../domain/media/wire';
import { useSettings } from '../settings';
import { MediaPicker } from './MediaPicker';
import { PREVIEW_HELP } from './MediaAttach';
import { AmountField, amountHint, CaptionField, errorText, HelpButton, ScheduleFields, useSay } from './parts';
import { LoadingBlock, useFullPost } from './fullPost';
import { MediaTile, TileGrid } from './MediaTile';
import { reuseBlog, type ReuseBlogBody } from './postApi';
import { amountBounds, checkAmount, defaultSchedule, MESSAGES, reuseSchedule, scheduleDate, scheduleError, type Schedule } from './rules';
import { SelectTagsDialog } from './SelectTagsDialog';
import { TagChips } from './TagChips';

interface Shown {
  id: string;
  src: string | null;
  kind: AdminMediaRecord['kind'];
}

export const REUSE_HELP = (
  <>
    <p>Reuse posts that are at least a month old, ideally two to three months old.</p>
    <p>Make small changes to the caption and the price so that the post feels new.</p>
    <p>The reused post is grouped with its older versions in reporting, and it only affects fans who have not bought the post: buyers keep their access.</p>
  </>
);

export function ReusePostDialog({ postId, open, onClose, onDone }: { postId: string; open: boolean; onClose: () => void; onDone: () => void }) {
  const say = useSay();
  const { settings } = useSettings();
  const fullScreen = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
  const post = useFullPost(postId, open, onClose);
  const bounds = amountBounds(settings, 'tips');
  const [caption, setCaption] = useState('');
  const [amount, setAmount] = useState('0');
  const [media, setMedia] = useState<Shown[]>([]);
  const [mediaChanged, setMediaChanged] = useState(false);
  const [previewMode, setPreviewMode] = useState(false);
  const [preview, setPreview] = useState<Shown | null>(null);
  const [tags, setTags] = useState<{ _id: string; name: string }[]>([]);
  const [tagsOpen, setTagsOpen] = useState(false);
  /** Whether the tags are the post's (the view lists them) or were chosen here; otherwise the server keeps the post's. */
  const [tagsKnown, setTagsKnown] = useState(false);
  const [scheduleOn, setScheduleOn] = useState(false);
  const [schedule, setSchedule] = useState<Schedule>(() => defaultSchedule(new Date()));
  const [keepDate, setKeepDate] = useState(false);
  const [picker, setPicker] = useState<null | 'media' | 'preview'>(null);
  const [errors, setErrors] = useState<{ caption?: string; amount?: string; schedule?: string; media?: string; preview?: string }>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) {
      setAmount('0');
      return;
    }
    if (!post) return;
    setCaption(post.description ?? '');
    setAmount(String(post.amount || bounds.min));
    setMedia(post.media.map(m => ({ id: m._id, src: m.thumbnail_url || m.blur_url, kind: m.content_type })));
    setMediaChanged(false);
    const p = post.media_preview;
    setPreview(p ? { id: p._id, src: p.thumbnail_url || p.blur_url, kind: p.content_type } : null);
    setPreviewMode(Boolean(p));
    setTags((post.feed_tags ?? []).map(t => ({ _id: String(t._id), name: t.name })));
    setTagsKnown(Array.isArray(post.feed_tags));
    const s = reuseSchedule(post.date, new Date());
    setScheduleOn(s.on);
    setSchedule(s.schedule);
    setKeepDate(false);
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [post, open]);

  const onPicked = (picked: AdminMediaRecord[]) => {
    const target = picker;
    setPicker(null);
    if (target === 'preview') {
      if (picked.length > 1) return setErrors(e => ({ ...e, preview: MESSAGES.onePreview }));
      const m = picked[0];
      if (m) setPreview({ id: m.id, src: m.thumbnail_url || m.blur_url || null, kind: m.kind });
      setErrors(e => ({ ...e, preview: undefined }));
      return;
    }
    if (picked.length === 0) return;
    setMedia(picked.map(m => ({ id: m.id, src: m.thumbnail_url || m.blur_url || null, kind: m.kind })));
    setMediaChanged(true);
    setErrors(e => ({ ...e, media: undefined }));
  };

  const submit = async () => {
    if (!post) return;
    const found: typeof errors = {};
    if (media.length === 0) found.media = MESSAGES.selectMedia;
    if (media.length > 1 && !caption.trim()) found.caption = MESSAGES.addCaption;
    const locked = post.visibility === 'locked';
    const a = locked ? checkAmount(amount, bounds) : ({ ok: true } as const);
    if (!a.ok) {
      found.amount = a.message;
      setAmount(String(a.reset));
    }
    if (scheduleOn && !keepDate) {
      const bad = scheduleError(schedule, new Date());
      if (bad) found.schedule = bad;
    }
    setErrors(found);
    const first = Object.values(found).find(Boolean);
    if (first) return say(first, 'error');

    const body: ReuseBlogBody = { _id: post._id, description: caption.trim() };
    if (tagsKnown) body.feed_tags = tags.map(t => t._id);
    if (locked) body.amount = Number(amount);
    if (keepDate) body.keep_original_date = true;
    else if (scheduleOn) body.date = scheduleDate(schedule)!.toISOString();
    if (mediaChanged) body.media_item = media.map(m => m.id);
    body.media_preview_item = previewMode && preview ? preview.id : null;
    setSaving(true);
    try {
      const r = await reuseBlog(body);
      say(r.message, 'success');
      onDone();
      onClose();
    } catch (e) {
      say(errorText(e, MESSAGES.reuseFailed), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="reuse-post-title" data-testid="reuse-post-dialog">
      <DialogTitle id="reuse-post-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        Reuse Post
        <HelpButton title="How to reuse a post" testId="reuse-help">
          {REUSE_HELP}
        </HelpButton>
      </DialogTitle>
      <DialogContent dividers>
        {!post ? (
          <Stack spacing={2}>
            <AmountField value={amount} onChange={() => undefined} disabled />
            <LoadingBlock />
          </Stack>
        ) : (
          <Stack spacing={2.5}>
            <CaptionField
              value={caption}
              onChange={v => {
                setCaption(v);
                setErrors(x => ({ ...x, caption: undefined }));
              }}
              disabled={saving}
              error={errors.caption}
              hint="Change it a little so the post feels new."
            />
            {post.visibility === 'locked' ? (
              <AmountField
                value={amount}
                onChange={v => {
                  setAmount(v);
                  setErrors(x => ({ ...x, amount: undefined }));
                }}
                error={errors.amount}
                helperText={amountHint(bounds)}
                disabled={saving}
              />
            ) : null}
            <Box>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle2">Media</Typography>
                <Button size="small" startIcon={<PhotoLibraryOutlinedIcon />} onClick={() => setPicker('media')} disabled={saving}>
                  Select Media
                </Button>
              </Stack>
              <TileGrid dense>
                {media.map((m, i) => (
                  <MediaTile key={m.id} src={m.src} kind={m.kind} name={`Item ${i + 1}`} position={i + 1} disabled={saving} />
                ))}
              </TileGrid>
              {errors.media ? <FormHelperText error>{errors.media}</FormHelperText> : null}
              <Stack direction="row" sx={{ alignItems: 'center', mt: 1 }}>
                <FormControlLabel sx={{ mr: 0 }} control={<Switch checked={previewMode} onChange={(_, on) => setPreviewMode(on)} disabled={saving} />} label="Add Preview" />
                <HelpButton title="What is a preview?" testId="reuse-preview-help">
                  {PREVIEW_HELP}
                </HelpButton>
              </Stack>
              {previewMode ? (
                <Box sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 2 }}>
                  {preview ? (
                    <Box sx={{ width: 120 }}>
                      <MediaTile src={preview.src} kind={preview.kind} name="Preview" disabled={saving} onRemove={() => setPreview(null)} />
                    </Box>
                  ) : (
                    <Button size="small" variant="outlined" startIcon={<PhotoLibraryOutlinedIcon />} onClick={() => setPicker('preview')} disabled={saving}>
                      Select Preview
                    </Button>
                  )}
                  {errors.preview ? <FormHelperText error>{errors.preview}</FormHelperText> : null}
                </Box>
              ) : null}
            </Box>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                Tags
              </Typography>
              {tagsKnown ? null : (
                <Typography variant="caption" color="text.secondary" component="p">
                  The post's tags are kept unless you choose others.
                </Typography>
              )}
              <TagChips tags={tags} onOpen={() => setTagsOpen(true)} onRemove={id => setTags(t => t.filter(x => x._id !== id))} disabled={saving} />
            </Box>
            <Box>
              <FormControlLabel
                control={<Checkbox checked={keepDate} onChange={(_, on) => setKeepDate(on)} disabled={saving} />}
                label="Keep the original date (do not bring the post to the top)"
              />
              {!keepDate ? (
                scheduleOn ? (
                  <Box sx={{ mt: 1 }}>
                    <ScheduleFields value={schedule} onChange={s => { setSchedule(s); setErrors(x => ({ ...x, schedule: undefined })); }} error={errors.schedule} disabled={saving} />
                    <Button size="small" onClick={() => setScheduleOn(false)} disabled={saving} sx={{ mt: 1 }}>
                      Cancel schedule
                    </Button>
                  </Box>
                ) : (
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<EventIcon />}
                    onClick={() => {
                      setSchedule(defaultSchedule(new Date()));
                      setScheduleOn(true);
                    }}
                    disabled={saving}
                    sx={{ mt: 0.5 }}
                  >
                    Schedule
                  </Button>
                )
              ) : null}
              <Collapse in={!keepDate && !scheduleOn}>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                  Without a schedule the reused post goes to the top of the feed now.
                </Typography>
              </Collapse>
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={saving || !post} data-testid="reuse-save" startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Reuse Post
        </Button>
      </DialogActions>
      <MediaPicker open={picker !== null} onClose={() => setPicker(null)} onSelect={onPicked} multiple={picker === 'media'} max={picker === 'media' ? 45 : 1} title={picker === 'preview' ? 'Select Preview' : 'Select Media'} />
      <SelectTagsDialog
        open={tagsOpen}
        selected={tags.map(t => t._id)}
        onClose={() => setTagsOpen(false)}
        onUpdate={(_, chosen) => {
          setTags(chosen.map(t => ({ _id: t._id, name: t.name })));
          setTagsKnown(true);
          setTagsOpen(false);
        }}
      />
    </Dialog>
  );
}
