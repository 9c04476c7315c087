// The composer (visibility, the upload flow, validation): caption, media from the
// Content Manager or new uploads, visibility, amount, preview, category, tags and schedule. On success the
// server's message is shown and the form starts again as Locked, amount 20.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Collapse,
  Divider,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  LinearProgress,
  Paper,
  Radio,
  RadioGroup,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { Link as RouterLink } from 'react-router-dom';
import { Title, usePermissions } from 'react-admin';
import type { FeedTagView } from '../../../domain/feed-tag/feed-tag';
import type { PostVisibility } from '../../../domain/post/wire';
import { mayCall } from '../access';
import { ApiRequestError } from '../api';
import { useCurrentSettings } from '../settings';
import { uploadProgress } from '../upload';
import { CategoryPicker } from './CategoryPicker';
import { emptyGallery, MediaAttach } from './MediaAttach';
import { AmountField, errorText, ScheduleFields, SectionTitle, useSay } from './parts';
import { createBlog, type CreateBlogBody } from './postApi';
import {
  amountBounds,
  checkAmount,
  DEFAULT_AMOUNT,
  defaultSchedule,
  firstError,
  MESSAGES,
  onVisibility,
  scheduleDate,
  validateComposer,
  visibilityChoices,
  type ComposerErrors,
  type GalleryState,
  type Schedule,
} from './rules';
import { SelectTagsDialog } from './SelectTagsDialog';
import { TagChips } from './TagChips';
import type { ComposerItem, UploadSource } from './types';
import { uploadAll, type UploadJob } from './uploader';

const VISIBILITY_LABEL: Record<PostVisibility, string> = { locked: 'Locked', private: 'Private', public: 'Public' };
const VISIBILITY_HELP: Record<PostVisibility, string> = {
  locked: 'Fans pay the amount below to unlock this post.',
  private: 'Free for subscribers.',
  public: 'Everyone can see this post.',
};

/** Server field names → the composer's fields. */
const FIELD_OF: Record<string, keyof ComposerErrors | 'category'> = {
  media_ids: 'media',
  media: 'media',
  caption: 'caption',
  description: 'caption',
  amount: 'amount',
  publish_at: 'schedule',
  preview_media_id: 'preview',
  preview: 'preview',
  visibility: 'visibility',
};

type Galleries = Record<UploadSource, GalleryState<ComposerItem>>;

export function PostCreate() {
  const say = useSay();
  const { permissions } = usePermissions();
  // Read again so the visibility choices and price bounds are current.
  const { settings } = useCurrentSettings();
  const bounds = amountBounds(settings);

  const [caption, setCaption] = useState('');
  const [visibility, setVisibility] = useState<PostVisibility>('locked');
  const [amount, setAmount] = useState(String(DEFAULT_AMOUNT));
  const [source, setSource] = useState<UploadSource>('upload');
  const [galleries, setGalleries] = useState<Galleries>({ upload: emptyGallery(), library: emptyGallery() });
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [tags, setTags] = useState<FeedTagView[]>([]);
  const [tagsOpen, setTagsOpen] = useState(false);
  const [scheduleOn, setScheduleOn] = useState(false);
  const [schedule, setSchedule] = useState<Schedule>(() => defaultSchedule(new Date()));
  const [errors, setErrors] = useState<ComposerErrors>({});
  const [busy, setBusy] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  /** Media ids of files already uploaded, so a retry after a failed save does not upload them again. */
  const uploaded = useRef(new Map<string, string>());
  const [jobKeys, setJobKeys] = useState<string[]>([]);

  // Leaving the page would lose the upload.
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const choices = visibilityChoices(settings);
  const locked = visibility === 'locked';
  const gallery = galleries[source];
  const showCategory = mayCall(permissions, 'GET /api/media/category');
  const showTags = mayCall(permissions, 'POST /api/feed-tags/add-or-remove-tag');

  const clearError = (field: keyof ComposerErrors) => setErrors(e => (e[field] ? { ...e, [field]: undefined } : e));

  const setGallery = useCallback(
    (next: GalleryState<ComposerItem>) => {
      setGalleries(g => ({ ...g, [source]: next }));
      setErrors(e => ({ ...e, media: undefined, preview: undefined, caption: next.items.length > 1 ? e.caption : undefined }));
    },
    [source]
  );

  const chooseVisibility = (next: PostVisibility) => {
    setVisibility(next);
    setGalleries(g => ({ upload: onVisibility(g.upload, next), library: onVisibility(g.library, next) }));
    setErrors(e => ({ ...e, visibility: undefined, amount: undefined, preview: undefined }));
  };

  const checkAmountNow = () => {
    const r = checkAmount(amount, bounds);
    if (!r.ok) {
      setErrors(e => ({ ...e, amount: r.message }));
      setAmount(String(r.reset));
    }
  };

  const reset = () => {
    setCaption('');
    setVisibility('locked');
    setAmount(String(DEFAULT_AMOUNT));
    setGalleries({ upload: emptyGallery(), library: emptyGallery() });
    setCategoryId(null);
    setTags([]);
    setScheduleOn(false);
    setSchedule(defaultSchedule(new Date()));
    setErrors({});
    uploaded.current.clear();
    uploadProgress.clear();
    setJobKeys([]);
  };

  const submit = async () => {
    if (busy) return;
    setSuccess(null);
    const previewItem = locked && gallery.previewMode && gallery.preview?.type === 'item' ? gallery.preview.item : null;
    const found = validateComposer(
      {
        caption,
        visibility,
        amount,
        media: gallery.items.map(i => (i.source === 'file' ? { name: i.file.name } : null)),
        preview: previewItem ? (previewItem.source === 'file' ? { name: previewItem.file.name } : null) : undefined,
        schedule: scheduleOn ? schedule : null,
      },
      settings,
      new Date()
    );
    if (found.amount) setAmount(String(bounds.min));
    setErrors(found);
    const first = firstError(found);
    if (first) {
      say(first, 'error');
      return;
    }

    setBusy(true);
    try {
      // Preview first, then the main media; files uploaded by an earlier attempt are kept.
      const files = [...(previewItem ? [previewItem] : []), ...gallery.items].filter(
        (i): i is Extract<ComposerItem, { source: 'file' }> => i.source === 'file' && !uploaded.current.has(i.key)
      );
      const jobs: UploadJob[] = files.map(i => ({ key: i.key, file: i.file }));
      setJobKeys(jobs.map(j => j.key));
      const ids = await uploadAll(jobs);
      ids.forEach((id, key) => uploaded.current.set(key, id));
      const idOf = (i: ComposerItem) => (i.source === 'library' ? i.media.id : uploaded.current.get(i.key)!);
      const media_ids = gallery.items.map(idOf);
      const body: CreateBlogBody = { caption: caption.trim(), visibility, media_ids };
      if (locked) {
        body.amount = Number(amount);
        if (gallery.previewMode && gallery.preview) {
          body.preview_media_id = gallery.preview.type === 'index' ? media_ids[gallery.preview.index] : idOf(gallery.preview.item);
        }
      }
      if (categoryId) body.category_id = categoryId;
      if (tags.length) body.feed_tags = tags.map(t => t._id);
      if (scheduleOn) body.publish_at = scheduleDate(schedule)!.toISOString();
      const { message } = await createBlog(body);
      reset();
      setSuccess(message);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (error) {
      const message = errorText(error, MESSAGES.postFailed);
      const field = error instanceof ApiRequestError && error.field ? FIELD_OF[error.field] : undefined;
      if (field && field !== 'category') setErrors(e => ({ ...e, [field]: message }));
      say(message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ pt: { xs: 1, sm: 2 }, pb: 2, maxWidth: 1280, minWidth: 0 }} data-testid="composer">
      <Title title="New post" />
      <Collapse in={Boolean(success)} unmountOnExit>
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          onClose={() => setSuccess(null)}
          data-testid="composer-success"
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/posts">
              View posts
            </Button>
          }
        >
          <span data-testid="composer-success-message">{success}</span>
        </Alert>
      </Collapse>
      <Box
        component="form"
        noValidate
        onSubmit={e => {
          e.preventDefault();
          void submit();
        }}
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 7, lg: 8 }} sx={{ minWidth: 0 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
                <SectionTitle>Post</SectionTitle>
                <TextField
                  label="Caption"
                  value={caption}
                  onChange={e => {
                    setCaption(e.target.value);
                    clearError('caption');
                  }}
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
                  onSource={next => {
                    setSource(next);
                    setErrors(e => ({ ...e, media: undefined, preview: undefined }));
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
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 5, lg: 4 }} sx={{ minWidth: 0 }}>
            <Card variant="outlined">
              <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
                <FormControl disabled={busy} error={Boolean(errors.visibility)}>
                  <FormLabel id="visibility-label" sx={{ fontWeight: 600, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}>
                    Visibility
                  </FormLabel>
                  <RadioGroup row aria-labelledby="visibility-label" value={visibility} onChange={e => chooseVisibility(e.target.value as PostVisibility)}>
                    {choices.map(v => (
                      <FormControlLabel key={v} value={v} control={<Radio />} label={VISIBILITY_LABEL[v]} />
                    ))}
                  </RadioGroup>
                  <FormHelperText sx={{ mx: 0 }}>{errors.visibility ?? VISIBILITY_HELP[visibility]}</FormHelperText>
                </FormControl>

                {locked ? (
                  <AmountField
                    value={amount}
                    onChange={v => {
                      setAmount(v);
                      clearError('amount');
                    }}
                    onBlur={checkAmountNow}
                    error={errors.amount}
                    helperText={`Whole dollars, between ${bounds.min} and ${bounds.max}.`}
                    disabled={busy}
                  />
                ) : null}

                {showCategory ? <CategoryPicker value={categoryId} onChange={setCategoryId} disabled={busy} /> : null}

                {showTags ? (
                  <Box>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                      Tags
                    </Typography>
                    <TagChips tags={tags} onOpen={() => setTagsOpen(true)} onRemove={id => setTags(t => t.filter(x => x._id !== id))} disabled={busy} />
                  </Box>
                ) : null}

                <Divider />
                <Box>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={scheduleOn}
                        onChange={(_, on) => {
                          setScheduleOn(on);
                          if (on) setSchedule(defaultSchedule(new Date()));
                          clearError('schedule');
                        }}
                        disabled={busy}
                        slotProps={{ input: { 'data-testid': 'schedule-switch' } as object }}
                      />
                    }
                    label="Schedule"
                  />
                  <Collapse in={scheduleOn} unmountOnExit>
                    <Box sx={{ pt: 1.5 }}>
                      <ScheduleFields
                        value={schedule}
                        onChange={next => {
                          setSchedule(next);
                          clearError('schedule');
                        }}
                        error={errors.schedule}
                        disabled={busy}
                      />
                    </Box>
                  </Collapse>
                  {!scheduleOn ? (
                    <Typography variant="caption" color="text.secondary" component="p">
                      Off: the post goes live as soon as its media is processed.
                    </Typography>
                  ) : null}
                </Box>
              </CardContent>
            </Card>
          </Grid>
        </Grid>

        <ActionBar
          busy={busy}
          jobKeys={jobKeys}
          summary={[
            VISIBILITY_LABEL[visibility] + (locked && checkAmount(amount, bounds).ok ? ` · $${Number(amount)}` : ''),
            gallery.items.length ? `${gallery.items.length} item${gallery.items.length === 1 ? '' : 's'}` : 'No media yet',
            scheduleOn ? 'scheduled' : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        />
      </Box>

      <SelectTagsDialog
        open={tagsOpen}
        selected={tags.map(t => t._id)}
        onClose={() => setTagsOpen(false)}
        onUpdate={(_, chosen) => {
          setTags(chosen);
          setTagsOpen(false);
        }}
      />
    </Box>
  );
}

/** Overall upload progress of the running jobs, as "done count / total / mean percent". */
function useOverallProgress(keys: readonly string[]) {
  const snapshot = useSyncExternalStore(uploadProgress.subscribe, () => {
    let sum = 0;
    let done = 0;
    for (const k of keys) {
      const s = uploadProgress.get(k);
      sum += s?.percent ?? 0;
      if (s?.status === 'done') done++;
    }
    return `${done}/${keys.length}/${keys.length ? Math.round(sum / keys.length) : 0}`;
  });
  return useMemo(() => {
    const [done, total, percent] = snapshot.split('/').map(Number);
    return { done, total, percent };
  }, [snapshot]);
}

function ActionBar({ busy, jobKeys, summary }: { busy: boolean; jobKeys: string[]; summary: string }) {
  const { done, total, percent } = useOverallProgress(jobKeys);
  return (
    <Paper
      variant="outlined"
      sx={{
        position: 'sticky',
        bottom: { xs: 8, sm: 16 },
        mt: 2,
        p: { xs: 1.5, sm: 2 },
        zIndex: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        boxShadow: 3,
      }}
    >
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }} aria-live="polite">
        {busy && total > 0 ? (
          <>
            <Typography variant="body2" data-testid="upload-summary">
              Uploading {Math.min(done + 1, total)} of {total} · {percent}%
            </Typography>
            <LinearProgress variant="determinate" value={percent} sx={{ mt: 0.5, borderRadius: 1 }} />
          </>
        ) : busy ? (
          <Typography variant="body2">Posting…</Typography>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="composer-summary">
            {summary}
          </Typography>
        )}
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <SendIcon />}
        data-testid="composer-submit"
        sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, minWidth: 140 }}
      >
        Post
      </Button>
    </Paper>
  );
}

export default PostCreate;
