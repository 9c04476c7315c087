// Unlock purchase of a locked post (spec 2 §4): guests go to /register, non-members to /membership; others
// confirm 'Please Confirm Your Purchase of $X.' and pay by card.
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { PostView } from '../../../domain/shared/wire';
import { api } from '../api';
import { useAuth, useIsProxy } from '../auth';
import { isMember, money } from '../format';
import { useNotify } from '../notify';
import { usePaymentFlow } from './usePaymentFlow';

export function useUnlock(onUpdated: (post: PostView) => void): {
  requestUnlock: (post: PostView) => void;
  openPost: (post: PostView) => void;
  elements: ReactNode;
} {
  const { token, me, refresh } = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const flow = usePaymentFlow();
  const proxy = useIsProxy();
  const [confirming, setConfirming] = useState<PostView | null>(null);

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
    await flow.start({
      endpoint: '/api/v2/purchase/blog-content-purchase',
      body: { blogId: post._id, amount: post.amount },
      submitLabel: `Pay ${money(post.amount, post.amount_cents)}`,
      summary: `Unlock this post for ${money(post.amount, post.amount_cents)}`,
      onAccepted: ({ data, message, position }) => {
        if (data.blogData) onUpdated(data.blogData);
        else void reload(post._id, position);
        notify(message || 'Content unlocked.', 'success');
        void refresh(position).catch(() => undefined);
      },
      onFailed: ({ message, result, error }) => {
        if (result?.alreadyCharged || error?.code === 'ALREADY_UNLOCKED' || /already unlocked/i.test(message)) void reload(post._id);
      },
    });
    setConfirming(null);
  };

  const price = confirming ? money(confirming.amount, confirming.amount_cents) : '';

  const elements = (
    <>
      <Dialog
        open={!!confirming}
        onClose={() => !flow.busy && setConfirming(null)}
        aria-labelledby="confirm-purchase-title"
        aria-describedby="confirm-purchase-text"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="confirm-purchase-title">Unlock post</DialogTitle>
        <DialogContent>
          <DialogContentText id="confirm-purchase-text">Please Confirm Your Purchase of {price}.</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(null)} disabled={flow.busy} color="inherit">
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => void confirm()}
            disabled={flow.busy}
            autoFocus
            data-testid="confirm-purchase"
            startIcon={flow.busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Confirm
          </Button>
        </DialogActions>
      </Dialog>
      {flow.elements}
    </>
  );

  return { requestUnlock, openPost, elements };
}
