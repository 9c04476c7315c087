// "Upgrade to <tier>" on a post limited to a higher tier (./useTierUpgrade.tsx): once upgraded, the post and the feed
// are read again (the read models have the change: the post is read at the answer's position).
import { useCallback, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PostView } from '../../../domain/post/wire';
import { api } from '../api';
import { useTierUpgrade } from './useTierUpgrade';

export function useUpgradeForPost(onUpdated: (post: PostView) => void): { openUpgrade: (post: PostView) => void; elements: ReactNode } {
  const client = useQueryClient();
  const target = useRef<PostView | null>(null);
  const { openUpgrade: open, elements } = useTierUpgrade(async (position) => {
    const post = target.current;
    target.current = null;
    if (post) {
      try {
        const { data } = await api.get<PostView>('/api/blog/get-blog-data-by-id', { id: post._id, wait_for: position });
        if (data) onUpdated(data);
      } catch {
        /* the feed is read again below */
      }
    }
    await client.invalidateQueries({ queryKey: ['feed'] });
  });

  const openUpgrade = useCallback(
    (post: PostView) => {
      target.current = post;
      open(post.required_tier?.tier_id ?? null);
    },
    [open],
  );
  return { openUpgrade, elements };
}
