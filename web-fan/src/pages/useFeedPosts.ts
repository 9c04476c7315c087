// The feed's posts as queries in the shared cache: one page at a time when the site paginates (the page named
// in the URL, the page shown kept dimmed while the next one loads), else pages appended as the reader scrolls
// (infinite paging). The key names the session and the tag filter, so a screen opened again shows what it had at
// once and reads it again behind it. An unlock writes the post's new copy into whichever pages hold it.
import { useCallback, useMemo } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { PostPage, PostView } from '../../../domain/post/wire';
import { uniqueBy } from '../../../web-shared/paging/usePagedList';
import { api, errorMessage } from '../api';
import { useAuth } from '../auth';
import { nextFeedPage } from '../paging';

export type FeedStatus = 'loading' | 'ready' | 'error';

export interface FeedPosts {
  posts: PostView[];
  /** The last page read (infinite paging) or the page shown. */
  page: number;
  totalPages: number;
  status: FeedStatus;
  /** Why the first page could not be read. */
  error: string;
  loadingMore: boolean;
  /** Why the next page could not be read (infinite paging; the posts already shown stay). */
  moreError: string;
  /** A next page exists (infinite paging). */
  hasNext: boolean;
  /** A read is under way (the next page, or the first). */
  busy: boolean;
  loadNext: () => void;
  retry: () => void;
  replacePost: (post: PostView) => void;
  /** Puts new posts at the top of the first page (the live feed's "N new posts"). */
  prependPosts: (posts: PostView[]) => void;
  /** Drops a post from every page held (deleted, or no longer visible to this reader). */
  removePost: (postId: string) => void;
}

const readPage = async (pageNum: number, feedTagId: string | null, signal: AbortSignal) =>
  (await api.get<PostPage>('/api/blogs', { page_num: pageNum, feed_tag_id: feedTagId }, signal)).data;

const withoutPost = (page: PostPage, postId: string): PostPage =>
  page.blogs?.some((p) => p._id === postId) ? { ...page, blogs: page.blogs.filter((p) => p._id !== postId), totalPosts: Math.max(0, page.totalPosts - 1) } : page;
const withNewPosts = (page: PostPage, posts: PostView[]): PostPage => {
  const fresh = posts.filter((n) => !page.blogs?.some((p) => p._id === n._id));
  return { ...page, blogs: [...fresh, ...(page.blogs ?? [])], totalPosts: page.totalPosts + fresh.length };
};

const withPost = (page: PostPage, post: PostView): PostPage =>
  page.blogs?.some((p) => p._id === post._id) ? { ...page, blogs: page.blogs.map((p) => (p._id === post._id ? post : p)) } : page;

export function useFeedPosts({ paginated, feedTagId, requestedPage }: { paginated: boolean; feedTagId: string | null; requestedPage: number }): FeedPosts {
  const { token } = useAuth();
  const client = useQueryClient();
  const base = ['feed', token ?? 'guest', feedTagId ?? 'all'] as const;
  const pageKey = [...base, 'page', requestedPage] as const;
  const scrollKey = [...base, 'scroll'] as const;

  const single = useQuery({
    queryKey: pageKey,
    queryFn: ({ signal }) => readPage(requestedPage, feedTagId, signal),
    enabled: paginated,
    placeholderData: keepPreviousData,
  });
  const scroll = useInfiniteQuery({
    queryKey: scrollKey,
    queryFn: ({ pageParam, signal }) => readPage(pageParam, feedTagId, signal),
    initialPageParam: 1,
    getNextPageParam: nextFeedPage,
    enabled: !paginated,
  });

  const pages = useMemo(() => (paginated ? (single.data ? [single.data] : []) : (scroll.data?.pages ?? [])), [paginated, single.data, scroll.data]);
  const posts = useMemo(() => uniqueBy(pages.flatMap((p) => p?.blogs ?? []), (p) => p._id), [pages]);
  const last = pages[pages.length - 1];
  const query = paginated ? single : scroll;
  const fetchingFirst = paginated ? single.isPending || single.isPlaceholderData : scroll.isPending;
  // A failed read with nothing to show; a failed next page (or a failed re-read) keeps the posts shown.
  const firstFailed = query.isError && !(paginated ? single.data : scroll.data);
  const status: FeedStatus = fetchingFirst && !query.isError ? 'loading' : firstFailed ? 'error' : 'ready';
  const moreFailed = !paginated && scroll.isFetchNextPageError && !scroll.isFetchingNextPage;

  const key = paginated ? pageKey : scrollKey;
  const replacePost = useCallback(
    (post: PostView) => {
      if (paginated) client.setQueryData<PostPage>(key, (p) => (p ? withPost(p, post) : p));
      else client.setQueryData<InfiniteData<PostPage, number>>(key, (d) => (d ? { ...d, pages: d.pages.map((p) => withPost(p, post)) } : d));
    },
    // The key is rebuilt each render; what it names is these values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, paginated, token, feedTagId, requestedPage],
  );

  const edit = useCallback(
    (change: (page: PostPage, index: number) => PostPage) => {
      if (paginated) client.setQueryData<PostPage>(key, (p) => (p ? change(p, requestedPage - 1) : p));
      else client.setQueryData<InfiniteData<PostPage, number>>(key, (d) => (d ? { ...d, pages: d.pages.map(change) } : d));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, paginated, token, feedTagId, requestedPage],
  );
  const prependPosts = useCallback((fresh: PostView[]) => edit((p, i) => (i === 0 ? withNewPosts(p, fresh) : p)), [edit]);
  const removePost = useCallback((postId: string) => edit((p) => withoutPost(p, postId)), [edit]);

  const { fetchNextPage, refetch } = scroll;
  const refetchSingle = single.refetch;
  return {
    posts,
    page: last?.currentPage ?? requestedPage,
    totalPages: Math.max(1, last?.totalPages ?? 1),
    status,
    error: firstFailed ? errorMessage(query.error) : '',
    loadingMore: scroll.isFetchingNextPage,
    moreError: moreFailed ? errorMessage(scroll.error) : '',
    hasNext: !paginated && !!scroll.hasNextPage,
    busy: paginated ? single.isFetching : scroll.isPending || scroll.isFetchingNextPage,
    loadNext: useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]),
    retry: useCallback(() => void (paginated ? refetchSingle() : refetch()), [paginated, refetchSingle, refetch]),
    replacePost,
    prependPosts,
    removePost,
  };
}
