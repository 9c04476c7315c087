// Unlock purchase of a locked post: guests go to /register, non-members to /membership; others
// confirm 'Please Confirm Your Purchase of $X.' and pay by card, or from the wallet when their default payment
// method is crypto_currency (web-fan/src/wallet/useWalletPurchase.tsx).
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PostView } from '../../../domain/post/wire';
import { api } from '../api';
import { useAuth, useIsProxy } from '../auth';
import { isMember, money } from '../format';
import { useNotify } from '../notify';
import { UnlockConfirmDialog } from './ConfirmPaymentDialog';
import { usePaymentFlow } from './usePaymentFlow';
import { usePostPromotion } from '../promotions/PromotionPrice';
import { usePromotions } from '../promotions/PromotionContext';
import { paysFromWallet, useWalletPurchase } from '../wallet/useWalletPurchase';

export function useUnlock(onUpdated: (post: PostView) => void): {
  requestUnlock: (post: PostView) => void;
  openPost: (post: PostView) => void;
  elements: ReactNode;
} {
  const { token, me, refresh } = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const flow = usePaymentFlow();
  // default_payment_method 'crypto_currency': the wallet pays; a shortfall opens Add Funds, then retries.
  const wallet = useWalletPurchase(onUpdated);
  const fromWallet = paysFromWallet(me);
  const busy = flow.busy || wallet.busy;
  const proxy = useIsProxy();
  const [confirming, setConfirming] = useState<PostView | null>(null);
  // A running locked-content promotion: its price is confirmed and charged (by card; promotion_id names it).
  const promo = usePostPromotion(fromWallet ? null : confirming);
  const promotions = usePromotions();

  const reload = useCallback(
    async (postId: string, waitFor?: string) => {
      try {
        const { data } = await api.get<PostView>('/api/blog/get-blog-data-by-id', { id: postId, wait_for: waitFor });
        if (data) onUpdated(data);
      } catch {
        /* the feed keeps the old copy */
      }
    },
    [onUpdated],
  );

  /** What a click on a post the viewer cannot see does (private or locked). */
  const openPost = useCallback(
    (post: PostView) => {
      if (proxy) return; // purchases are not for proxy sessions
      if (!token || post.cta === 'register') {
        navigate('/register');
        return;
      }
      if (post.cta === 'subscribe' || (post.visibility === 'private' && !isMember(me))) {
        navigate('/membership');
        return;
      }
      if (post.visibility === 'locked' && post.isLocked) setConfirming(post);
    },
    [me, navigate, token, proxy],
  );

  const requestUnlock = openPost;

  const confirm = async () => {
    const post = confirming;
    if (!post) return;
    if (fromWallet) {
      await wallet.purchase(post);
      setConfirming(null);
      return;
    }
    await flow.start({
      endpoint: { action: 'unlock' },
      body: promo
        ? { blogId: post._id, amount: promo.priceCents / 100, promotion_id: promo.promotionId, is_promotion_applied: true, ribbon_text: promo.ribbonText }
        : { blogId: post._id, amount: post.amount },
      submitLabel: `Pay ${price}`,
      summary: `Unlock this post for ${price}`,
      onAccepted: ({ data, message, position }) => {
        if (data.blogData) onUpdated(data.blogData);
        else void reload(post._id, position);
        notify(message || 'Content unlocked.', 'success');
        void refresh(position).catch(() => undefined);
      },
      onFailed: ({ message, result, error }) => {
        if (result?.alreadyCharged || error?.code === 'ALREADY_UNLOCKED' || /already unlocked/i.test(message)) void reload(post._id);
        // 'Sorry promotion expired.': the ribbon and the prices go; the post is bought at its own price next time.
        if (error?.code === 'PROMOTION_EXPIRED') promotions.refresh();
      },
    });
    setConfirming(null);
  };

  const price = promo ? money(0, promo.priceCents) : confirming ? money(confirming.amount, confirming.amount_cents) : '';

  const elements = (
    <>
      <UnlockConfirmDialog
        title="Unlock post"
        item={confirming}
        price={price}
        fromWallet={fromWallet}
        me={me}
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      />
      {flow.elements}
      {wallet.elements}
    </>
  );

  return { requestUnlock, openPost, elements };
}
