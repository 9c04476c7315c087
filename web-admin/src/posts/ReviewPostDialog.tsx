// Review And Post dialog: fixes a post in an error state. The errored items are marked; the creator
// removes them, may add new uploads or Content Manager media, and reposts. Amount defaults to 5 until the post
// has loaded (then the post's price).
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useSettings } from '../settings';
import { uploadProgress } from '../upload';
import { MediaAttach, emptyGallery } from './MediaAttach';
import { AmountField, amountHint, CaptionField, errorText, useSay } from './parts';
import { existingItem, LoadingBlock, useFullPost } from './fullPost';
import { reviewBlog, type ReviewBlogBody } from './postApi';
import { amountBounds, firstError, MESSAGES, REVIEW_DEFAULT_AMOUNT, validateComposer, type ComposerErrors, type GalleryState } from './rules';
import { SelectTagsDialog } from './SelectTagsDialog';
import { TagChips } from './TagChips';
import type { ComposerItem, UploadSource } from './types';
import { uploadAll } from './uploader';

export function ReviewPostDialog({ postId, open, onClose, onDone }: { postId: string; open: boolean; onClose: () => void; onDone: () => void }) {
  const say = useSay();
  const { settings } = useSettings();
  const fullScreen = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
  const post = useFullPost(postId, open, onClose);
  const bounds = amountBounds(settings);
  const [caption, setCaption] = useState('');
  const [amount, setAmount] = useState(String(REVIEW_DEFAULT_AMOUNT));
  const [gallery, setGallery] = useState<GalleryState<ComposerItem>>(emptyGallery());
  const [source, setSource] = useState<UploadSource>('upload');
  const [tags, setTags] = useState<{ _id: string; name: string }[]>([]);
  const [tagsOpen, setTagsOpen] = useState(false);
  const [tagsKnown, setTagsKnown] = useState(false);
  const [errors, setErrors] = useState<ComposerErrors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setAmount(String(REVIEW_DEFAULT_AMOUNT));
      return;
    }
    if (!post) return;
    const failed = new Set(post.gallery_process_error_index ?? []);
    const items = post.media.map((m, i) => existingItem(m, i, failed.has(i)));
    const previewId = post.media_preview?._id;
    const previewIndex = previewId ? post.media.findIndex(m => m._id === previewId) : -1;
    setGallery({
      items,
      preview: previewIndex >= 0 ? { type: 'index', index: previewIndex } : post.media_preview ? { type: 'item', item: existingItem(post.media_preview, 0) } : null,
      previewMode: Boolean(post.media_preview),
      reorder: false,
    });
    setCaption(post.description ?? '');
    if (post.visibility === 'locked' && post.amount > 0) setAmount(String(post.amount));
    setTags((post.feed_tags ?? []).map(t => ({ _id: String(t._id), name: t.name })));
    setTagsKnown(Array.isArray(post.feed_tags));
    setErrors({});
  }, [post, open]);

  const locked = post?.visibility === 'locked';
  const errored = gallery.items.filter(i => i.source === 'library' && i.media.status === 'error').length;

  const submit = async () => {
    if (!post) return;
    const previewItem = locked && gallery.previewMode && gallery.preview?.type === 'item' ? gallery.preview.item : null;
    const found = validateComposer(
      {
        caption,
        visibility: post.visibility,
        amount,
        media: gallery.items.map(i => (i.source === 'file' ? { name: i.file.name } : null)),
        preview: previewItem ? (previewItem.source === 'file' ? { name: previewItem.file.name } : null) : undefined,
        schedule: null,
      },
      { ...settings, enable_public_post: true },
      new Date()
    );
    if (found.amount) setAmount(String(bounds.min));
    setErrors(found);
    const first = firstError(found);
    if (first) return say(first, 'error');
    setBusy(true);
    try {
      const files = [...(previewItem ? [previewItem] : []), ...gallery.items].flatMap(i => (i.source === 'file' ? [{ key: i.key, file: i.file }] : []));
      const ids = await uploadAll(files);
      const idOf = (i: ComposerItem) => (i.source === 'library' ? i.media.id : ids.get(i.key)!);
      const media = gallery.items.map(idOf);
      const body: ReviewBlogBody = { blog_id: post._id, description: caption.trim(), media, amount: locked ? Number(amount) : 0 };
      if (tagsKnown) body.feed_tags = tags.map(t => t._id);
      if (locked) {
        body.media_preview =
          gallery.previewMode && gallery.preview ? (gallery.preview.type === 'index' ? media[gallery.preview.index] : idOf(gallery.preview.item)) : null;
      }
      say(await reviewBlog(body), 'success');
      uploadProgress.clear(files.map(f => f.key));
      onDone();
      onClose();
    } catch (e) {
      say(errorText(e, MESSAGES.postFailed), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="review-post-title" data-testid="review-post-dialog">
      <DialogTitle id="review-post-title">Review And Post</DialogTitle>
      <DialogContent dividers>
        {!post ? (
          <Stack spacing={2}>
            <AmountField value={amount} onChange={() => undefined} disabled />
            <LoadingBlock />
          </Stack>
        ) : (
          <Stack spacing={2.5}>
            <Alert severity={errored ? 'warning' : 'info'}>
              {errored
                ? `${errored} item${errored === 1 ? '' : 's'} could not be processed (marked in red). Remove ${errored === 1 ? 'it' : 'them'}, add new media if you like, and post again.`
                : 'Check the media and post again.'}
            </Alert>
            <CaptionField
              value={caption}
              onChange={v => {
                setCaption(v);
                setErrors(x => ({ ...x, caption: undefined }));
              }}
              minRows={2}
              disabled={busy}
              error={errors.caption}
            />
            {locked ? (
              <AmountField
                value={amount}
                onChange={v => {
                  setAmount(v);
                  setErrors(x => ({ ...x, amount: undefined }));
                }}
                error={errors.amount}
                helperText={amountHint(bounds)}
                disabled={busy}
              />
            ) : null}
            <MediaAttach
              source={source}
              onSource={setSource}
              state={gallery}
              onState={next => {
                setGallery(next);
                setErrors(x => ({ ...x, media: undefined, preview: undefined }));
              }}
              locked={locked}
              disabled={busy}
              errors={{ media: errors.media, preview: errors.preview }}
              onProblem={(message, field) => {
                setErrors(x => ({ ...x, [field]: message }));
                say(message, 'error');
              }}
            />
            <TagChips tags={tags} onOpen={() => setTagsOpen(true)} onRemove={id => setTags(t => t.filter(x => x._id !== id))} disabled={busy} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || !post} data-testid="review-save" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Review And Post
        </Button>
      </DialogActions>
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
