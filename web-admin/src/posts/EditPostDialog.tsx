// Edit Post dialog: the caption; locked posts show their media with 'Set as Preview' and an Add
// Preview toggle (a preview from the Content Manager, one at most); unlocked posts a Private/Public select.
import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Switch,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import type { AdminMediaRecord } from '../../../domain/media/wire';
import { useSettings } from '../settings';
import { MediaPicker } from './MediaPicker';
import { PREVIEW_HELP } from './MediaAttach';
import { CaptionField, errorText, HelpButton, useSay } from './parts';
import { LoadingBlock, useFullPost } from './fullPost';
import { MediaTile, TileGrid } from './MediaTile';
import { editBlog, getBlogForEdit, type EditBlogBody } from './postApi';
import { MESSAGES } from './rules';
import { WhoCanSee } from './WhoCanSee';
import type { FullPost } from './types';

type EditPreview = { type: 'index'; index: number } | { type: 'media'; id: string; src: string | null; kind: AdminMediaRecord['kind'] } | null;

function initialPreview(post: FullPost): EditPreview {
  const p = post.media_preview;
  const id = p?._id ?? post.media_preview_item ?? null;
  if (!id) return null;
  const index = post.media.findIndex(m => m._id === id);
  if (index >= 0) return { type: 'index', index };
  return { type: 'media', id, src: p?.thumbnail_url || p?.blur_url || null, kind: p?.content_type ?? 'photo' };
}

export function EditPostDialog({ postId, open, onClose, onDone }: { postId: string; open: boolean; onClose: () => void; onDone: () => void }) {
  const say = useSay();
  const { settings } = useSettings();
  const fullScreen = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
  const post = useFullPost(postId, open, onClose, getBlogForEdit);
  const [caption, setCaption] = useState('');
  const [audience, setAudience] = useState<'private' | 'public'>('private');
  const [minTierId, setMinTierId] = useState<string | null>(null);
  const [previewMode, setPreviewMode] = useState(false);
  const [preview, setPreview] = useState<EditPreview>(null);
  const [picker, setPicker] = useState(false);
  const [errors, setErrors] = useState<{ caption?: string; preview?: string }>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!post) return;
    setCaption(post.description ?? '');
    setAudience(post.visibility === 'public' ? 'public' : 'private');
    setMinTierId(post.required_tier?.tier_id ?? null);
    const p = initialPreview(post);
    setPreview(p);
    setPreviewMode(Boolean(p) || Boolean(post.isPreviewEnable));
    setErrors({});
  }, [post]);

  const locked = post?.visibility === 'locked';

  const toggleIndex = (index: number) => {
    if (preview?.type === 'index' && preview.index === index) return setPreview(null);
    if (preview) return setErrors(e => ({ ...e, preview: MESSAGES.oneContent }));
    setPreview({ type: 'index', index });
    setErrors(e => ({ ...e, preview: undefined }));
  };

  const onPicked = (media: AdminMediaRecord[]) => {
    setPicker(false);
    if (media.length > 1) return setErrors(e => ({ ...e, preview: MESSAGES.onePreviewImage }));
    const m = media[0];
    if (!m) return;
    if (preview) return setErrors(e => ({ ...e, preview: MESSAGES.oneContent }));
    setPreview({ type: 'media', id: m.id, src: m.thumbnail_url || m.blur_url || null, kind: m.kind });
    setErrors(e => ({ ...e, preview: undefined }));
  };

  const save = async () => {
    if (!post) return;
    if (!caption.trim()) return setErrors(e => ({ ...e, caption: MESSAGES.addCaption }));
    const body: EditBlogBody = { postId: post._id, description: caption.trim() };
    if (locked) {
      body.media_preview_item = previewMode && preview ? (preview.type === 'index' ? post.media[preview.index]._id : preview.id) : null;
    } else {
      body.isPublicPost = audience;
    }
    if ((locked || audience === 'private') && minTierId !== (post.required_tier?.tier_id ?? null)) body.min_tier_id = minTierId;
    setSaving(true);
    try {
      say(await editBlog(body, post.version), 'success');
      onDone();
      onClose();
    } catch (e) {
      say(errorText(e, 'Something went wrong'), 'error');
    } finally {
      setSaving(false);
    }
  };

  const publicAllowed = settings.enable_public_post || post?.visibility === 'public';

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="edit-post-title" data-testid="edit-post-dialog">
      <DialogTitle id="edit-post-title">Edit Post</DialogTitle>
      <DialogContent dividers>
        {!post ? (
          <LoadingBlock />
        ) : (
          <Stack spacing={2.5}>
            <CaptionField
              value={caption}
              onChange={v => {
                setCaption(v);
                setErrors(x => ({ ...x, caption: undefined }));
              }}
              autoFocus
              disabled={saving}
              error={errors.caption}
              testId="edit-caption"
            />
            <WhoCanSee visibility={locked ? 'locked' : audience} value={minTierId} onChange={setMinTierId} disabled={saving} />
            {locked ? (
              <Box>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                  <Typography variant="subtitle2">Media</Typography>
                  <Stack direction="row" sx={{ alignItems: 'center' }}>
                    <FormControlLabel
                      sx={{ mr: 0 }}
                      control={<Switch checked={previewMode} onChange={(_, on) => setPreviewMode(on)} disabled={saving} />}
                      label="Add Preview"
                    />
                    <HelpButton title="What is a preview?" testId="edit-preview-help">
                      {PREVIEW_HELP}
                    </HelpButton>
                  </Stack>
                </Stack>
                <TileGrid dense roomy={previewMode}>
                  {post.media.map((m, index) => (
                    <MediaTile
                      key={m._id}
                      src={m.thumbnail_url || m.blur_url}
                      kind={m.content_type}
                      name={`Item ${index + 1}`}
                      position={index + 1}
                      disabled={saving}
                      previewBox={previewMode ? { checked: preview?.type === 'index' && preview.index === index, onToggle: () => toggleIndex(index) } : undefined}
                    />
                  ))}
                </TileGrid>
                {previewMode ? (
                  <Box sx={{ mt: 1.5, p: 1.5, bgcolor: 'action.hover', borderRadius: 2 }}>
                    <Typography variant="subtitle2" sx={{ mb: 1 }}>
                      Preview
                    </Typography>
                    {preview?.type === 'media' ? (
                      <Box sx={{ width: 120 }}>
                        <MediaTile src={preview.src} kind={preview.kind} name="Preview" disabled={saving} onRemove={() => setPreview(null)} testId="edit-preview-tile" />
                      </Box>
                    ) : preview?.type === 'index' ? (
                      <Typography variant="body2" color="text.secondary">
                        Item {preview.index + 1} is the preview.
                      </Typography>
                    ) : (
                      <Button size="small" variant="outlined" startIcon={<PhotoLibraryOutlinedIcon />} onClick={() => setPicker(true)} disabled={saving}>
                        Select Preview
                      </Button>
                    )}
                  </Box>
                ) : null}
                {errors.preview ? <FormHelperText error>{errors.preview}</FormHelperText> : null}
              </Box>
            ) : (
              <FormControl fullWidth disabled={saving}>
                <InputLabel id="edit-audience-label">Visibility</InputLabel>
                <Select labelId="edit-audience-label" label="Visibility" value={audience} onChange={e => setAudience(e.target.value as 'private' | 'public')}>
                  <MenuItem value="private">Private</MenuItem>
                  {publicAllowed ? <MenuItem value="public">Public</MenuItem> : null}
                </Select>
                <FormHelperText>{audience === 'public' ? 'Everyone can see this post.' : 'Free for subscribers.'}</FormHelperText>
              </FormControl>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={saving || !post} data-testid="edit-save" startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
          Update
        </Button>
      </DialogActions>
      <MediaPicker open={picker} onClose={() => setPicker(false)} onSelect={onPicked} multiple={false} max={1} title="Select Preview" />
    </Dialog>
  );
}
