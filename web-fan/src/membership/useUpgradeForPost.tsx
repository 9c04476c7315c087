// "Upgrade to <tier>" on a post limited to a higher tier: the Change plan dialog of /membership, opened on the
// feed with the post's tier chosen. Once upgraded, the post and the feed are read again (the read models have the
// change: the fan's own data waits for the answer's position first).
import { useCallback, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PostView } from '../../../domain/post/wire';
import { api } from '../api';
import { useAuth } from '../auth';
import { useNotify } from '../notify';
import { paysFromWallet } from '../wallet/useWalletPurchase';
import { ChangeTierDialog } from './ChangeTierDialog';
import { useMembership } from './useMembership';

export function useUpgradeForPost(onUpdated: (post: PostView) => void): { openUpgrade: (post: PostView) => void; elements: ReactNode } {
  const { me, refresh } = useAuth();
  const notify = useNotify();
  const client = useQueryClient();
  const { details, reload } = useMembership();
  const [post, setPost] = useState<PostView | null>(null);
  const tier = details?.tier ?? null;

  const openUpgrade = useCallback((p: PostView) => setPost(p), []);

  const changed = async (answer: { message?: string; position?: string }) => {
    const target = post;
    setPost(null);
    notify(answer.message || 'Your plan has been changed.', 'success');
    await refresh(answer.position).catch(() => undefined);
    await reload();
    if (target) {
      try {
        const { data } = await api.get<PostView>('/api/blog/get-blog-data-by-id', { id: target._id, wait_for: answer.position });
        if (data) onUpdated(data);
      } catch {
        /* the feed is read again below */
      }
    }
    await client.invalidateQueries({ queryKey: ['feed'] });
  };

  const elements =
    post && tier ? (
      <ChangeTierDialog
        open
        tier={tier}
        fromWallet={paysFromWallet(me)}
        initialChoice={post.required_tier?.tier_id ?? null}
        onClose={() => setPost(null)}
        onChanged={(answer) => void changed(answer)}
      />
    ) : null;
  return { openUpgrade, elements };
}
