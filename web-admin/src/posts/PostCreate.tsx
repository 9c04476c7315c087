// The composer (visibility, the upload flow, validation): caption, media from the
// Content Manager or new uploads, visibility, amount, preview, category, tags and schedule. On success the
// server's message is shown and the form starts again as Locked, amount 20.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Collapse, Grid } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Title, usePermissions } from 'react-admin';
import type { FeedTagView } from '../../../domain/feed-tag/feed-tag';
import type { PostVisibility } from '../../../domain/post/wire';
import { mayCall } from '../access';
import { ApiRequestError } from '../api';
import { useCurrentSettings } from '../settings';
import { uploadProgress } from '../upload';
import { ActionBar } from './ComposerActionBar';
import { ComposerSettings } from './ComposerSettings';
import { composerSummary, FIELD_OF, postBody, separatePreview, uploadJobs } from './composer';
import { ComposerPostCard } from './ComposerPostCard';
import { emptyGallery } from './MediaAttach';
import { errorText, useSay } from './parts';
import { createBlog } from './postApi';
import {
  amountBounds,
  checkAmount,
  DEFAULT_AMOUNT,
  defaultSchedule,
  firstError,
  MESSAGES,
  onVisibility,
  validateComposer,
  visibilityChoices,
  type ComposerErrors,
  type GalleryState,
  type Schedule,
} from './rules';
import type { ComposerItem, UploadSource } from './types';
import { uploadAll } from './uploader';

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
  const [minTierId, setMinTierId] = useState<string | null>(null);
  const [tags, setTags] = useState<FeedTagView[]>([]);
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
    setMinTierId(null);
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
    const previewItem = separatePreview(gallery, locked);
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
      const jobs = uploadJobs(gallery, previewItem, uploaded.current);
      setJobKeys(jobs.map(j => j.key));
      const ids = await uploadAll(jobs);
      ids.forEach((id, key) => uploaded.current.set(key, id));
      const body = postBody({ caption, visibility, amount, gallery, categoryId, tags, scheduleOn, schedule, minTierId }, uploaded.current);
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
            <ComposerPostCard
              busy={busy}
              errors={errors}
              caption={caption}
              onCaption={next => {
                setCaption(next);
                clearError('caption');
              }}
              source={source}
              onSource={next => {
                setSource(next);
                setErrors(e => ({ ...e, media: undefined, preview: undefined }));
              }}
              gallery={gallery}
              onGallery={setGallery}
              locked={locked}
              onProblem={(message, field) => {
                setErrors(e => ({ ...e, [field]: message }));
                say(message, 'error');
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 5, lg: 4 }} sx={{ minWidth: 0 }}>
            <ComposerSettings
              busy={busy}
              errors={errors}
              choices={choices}
              visibility={visibility}
              minTierId={minTierId}
              onMinTier={setMinTierId}
              onVisibility={chooseVisibility}
              amount={amount}
              onAmount={v => {
                setAmount(v);
                clearError('amount');
              }}
              onAmountBlur={checkAmountNow}
              bounds={bounds}
              showCategory={showCategory}
              categoryId={categoryId}
              onCategory={setCategoryId}
              showTags={showTags}
              tags={tags}
              onTags={setTags}
              scheduleOn={scheduleOn}
              onScheduleOn={on => {
                setScheduleOn(on);
                if (on) setSchedule(defaultSchedule(new Date()));
                clearError('schedule');
              }}
              schedule={schedule}
              onSchedule={next => {
                setSchedule(next);
                clearError('schedule');
              }}
            />
          </Grid>
        </Grid>

        <ActionBar
          busy={busy}
          jobKeys={jobKeys}
          summary={composerSummary({ visibility, amount, items: gallery.items.length, scheduleOn }, bounds)}
        />
      </Box>
    </Box>
  );
}

export default PostCreate;
