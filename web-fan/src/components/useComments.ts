// A post's comments as queries in the shared cache: the post's engagement info first (whether comments show, and
// whether this reader may add one), then the comments page by page, oldest first ('Load more' reads the next).
// Adding and removing are mutations that write the answer into the cached pages.
import { useCallback, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CommentPage, CommentView, PostEngagementInfo } from '../../../domain/engagement/wire';
import { uniqueBy } from '../../../web-shared/paging/usePagedList';
import { ApiError, api, errorMessage } from '../api';
import { useAuth } from '../auth';

export type CommentsStatus = 'loading' | 'ready' | 'error' | 'hidden';

type Pages = InfiniteData<CommentPage, number>;

const hiddenBy = (err: unknown) => err instanceof ApiError && err.status === 403;

/** The cached pages with `fn` applied to each page's rows and `delta` added to the total the first page carries. */
const edit = (d: Pages | undefined, fn: (rows: CommentView[]) => CommentView[], delta: number): Pages | undefined =>
  d && { ...d, pages: d.pages.map((p, i) => ({ ...p, comments: fn(p.comments), totalComments: i === 0 ? Math.max(0, p.totalComments + delta) : p.totalComments })) };

export function useComments(postId: string) {
  const { token } = useAuth();
  const client = useQueryClient();
  // Keyed by the session too: signing in or out shows what the new reader may see and do.
  const infoKey = ['post', postId, 'engagement', token] as const;
  const pagesKey = ['post', postId, 'comments', token] as const;
  const info = useQuery({
    queryKey: infoKey,
    queryFn: async ({ signal }) => (await api.post<PostEngagementInfo>('/api/blog/get-blog-info', { blog_id: postId }, { signal })).data,
  });
  const shown = !!info.data?.show_comments;
  const pages = useInfiniteQuery({
    queryKey: pagesKey,
    queryFn: async ({ pageParam, signal }) => (await api.post<CommentPage>('/api/blog/get-blog-comment', { blog_id: postId, page_num: pageParam }, { signal })).data,
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.length < last.totalPages ? all.length + 1 : undefined),
    enabled: shown,
  });

  /** Comments added here: shown last, whatever page is loaded, and not repeated when later pages arrive. */
  const keyText = `${postId}|${token}`;
  const [added, setAdded] = useState<{ key: string; rows: CommentView[] }>({ key: keyText, rows: [] });
  const mine = added.key === keyText ? added.rows : [];

  const save = useMutation({
    mutationFn: async (comment: string) => (await api.post<CommentView>('/api/blog/save-blog-comment', { blog_id: postId, comment })).data,
    onSuccess: (row) => {
      setAdded({ key: keyText, rows: [...mine, row] });
      client.setQueryData<Pages>(pagesKey, (d) => edit(d, (rows) => rows, 1));
    },
  });
  const remove = useMutation({
    mutationFn: async (c: CommentView) => (await api.post<{ total_comments: number }>('/api/blog/remove-blog-comment', { blog_id: postId, comment_id: c._id })).data,
    onSuccess: (_answer, c) => {
      setAdded({ key: keyText, rows: mine.filter((x) => x._id !== c._id) });
      client.setQueryData<Pages>(pagesKey, (d) => edit(d, (rows) => rows.filter((x) => x._id !== c._id), -1));
    },
  });

  // A failed re-read keeps what is shown; a refusal (403) hides the comments.
  const failed = (info.data ? null : info.error) ?? (pages.data ? null : pages.error);
  const status: CommentsStatus =
    hiddenBy(info.error) || hiddenBy(pages.error) || (info.data && !shown) ? 'hidden' : failed && !info.isFetching && !pages.isFetching ? 'error' : pages.data ? 'ready' : 'loading';
  const loaded = uniqueBy((pages.data?.pages ?? []).flatMap((p) => p.comments), (c) => c._id);
  const { refetch: refetchInfo } = info;
  const { refetch: refetchPages, fetchNextPage } = pages;
  return {
    status,
    error: status === 'error' ? errorMessage(failed) : '',
    info: info.data ?? null,
    list: [...loaded, ...mine.filter((m) => !loaded.some((l) => l._id === m._id))],
    total: pages.data?.pages[0]?.totalComments ?? 0,
    hasMore: !!pages.hasNextPage,
    loadingMore: pages.isFetchingNextPage,
    /** The next page; resolves with the error when it could not be read (the comments shown stay). */
    loadMore: useCallback(async () => (await fetchNextPage({ cancelRefetch: false })).error, [fetchNextPage]),
    retry: useCallback(() => {
      void refetchInfo();
      if (shown) void refetchPages();
    }, [refetchInfo, refetchPages, shown]),
    save,
    remove,
  };
}
