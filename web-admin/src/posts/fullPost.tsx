// The full post the review, reuse and edit dialogs fill their forms from, and how they show it loading.
import { useEffect } from 'react';
import { Box, Skeleton } from '@mui/material';
import { getBlog } from './postApi';
import { errorText, useSay } from './parts';
import { MESSAGES } from './rules';
import { useLiveQuery, useOpeningRead } from '../query';
import type { ComposerItem, ConsolePost, FullPost, FullPostMedia, TagRef } from './types';

/**
 * Loads the full post (GET /api/blog/get-blog-data-by-id) afresh each time the dialog opens (useOpeningRead); a
 * failure says 'Something went wrong' and closes.
 */
export function useFullPost<P extends FullPost = FullPost>(id: string, open: boolean, onFail: () => void, load: (id: string) => Promise<P> = getBlog as (id: string) => Promise<P>) {
  const say = useSay();
  const { data, error } = useOpeningRead(['posts', 'full', id], open, () => load(id));
  useEffect(() => {
    if (!error) return;
    say(errorText(error, MESSAGES.loadFailed), 'error');
    onFail();
    // Once per failed read: the callbacks are the dialog's, new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  return data ?? null;
}

/** A post's media item as a library-like composer item (the review and reuse dialogs show them as tiles). */
export function existingItem(m: FullPostMedia, index: number, failed = false): ComposerItem {
  const error = failed || m.status === 'error' || m.is_error === true || m.isError === true;
  return {
    key: `e${m._id}`,
    source: 'library',
    kind: m.content_type,
    media: {
      id: m._id,
      kind: m.content_type,
      file_name: `Item ${index + 1}`,
      content_type: m.content_type === 'video' ? 'video/mp4' : 'image/jpeg',
      width: m.width,
      height: m.height,
      url: m.url ?? '',
      thumbnail_url: m.thumbnail_url ?? '',
      blur_url: m.blur_url,
      status: error ? 'error' : m.status === 'processing' ? 'processing' : 'ready',
      created_at: '',
    },
  };
}

/** Dialog body while the post loads. */
export function LoadingBlock({ label = 'Loading post' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} aria-busy="true" aria-label={label} data-testid="dialog-loading">
      <Skeleton variant="rounded" height={56} />
      <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
        {[0, 1, 2].map(i => (
          <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto' }} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={40} width="60%" />
    </Box>
  );
}

/** Where a post's tags sit in the read cache (a tag update marks them stale). */
export const postTagsKey = (id: string | number) => ['posts', 'tags', String(id)] as const;

/**
 * A post's feed tags as the full post has them (a list row may not carry them): undefined until read; then the
 * full post's tags, else the row's, else 'unknown' (neither says). A failed read falls back the same way. `reading`
 * is true while a read is under way (a dialog that copies the tags once waits for the fresh answer).
 */
export function usePostTags(record: Pick<ConsolePost, 'id' | 'feed_tags'> | undefined, enabled = true) {
  const { data, isFetching, isError } = useLiveQuery(postTagsKey(record?.id ?? ''), () => getBlog(String(record?.id)).then(p => p.feed_tags ?? null), {
    enabled: enabled && Boolean(record),
  });
  const tags: TagRef[] | 'unknown' | undefined = !record || (data === undefined && !isError) ? undefined : (data ?? record.feed_tags ?? 'unknown');
  return { tags, reading: isFetching };
}
