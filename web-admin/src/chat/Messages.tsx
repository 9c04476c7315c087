// The message list: oldest first, older pages loaded at the top, tips as green bubbles, the
// processing notice, staff always see media unlocked with each message's lock state as a chip, and the staff
// actions (copy text; "Unlock for this Subscriber").
import { useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Skeleton, Stack, Typography } from '@mui/material';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import type { PostMediaView } from '../../../domain/post/wire';
import { useSay } from '../posts/parts';
import { MessageBubble } from './MessageBubble';
import { MediaViewer, UnlockDialog } from './MessageDialogs';
import { DeleteMessageDialog, type DeleteScope, type MediaOps } from './MessageActions';
import type { ShownMessage } from './useChat';
import type { ConversationState } from './useConversation';

export interface MessageListProps {
  userId: string;
  fanName: string;
  state: ConversationState;
  onLoadOlder: () => void;
  onRetry: () => void;
  /** Re-read the conversation (after a staff action), and the message acted on when it is named. */
  onChanged: (messageId?: string) => void;
  onResend: (m: ShownMessage) => void;
  onDiscard: (m: ShownMessage) => void;
  mayCopy: boolean;
  mayUnlock: boolean;
  /** Delete from subscriber / from all (admin-side senders but live_stream_manager). */
  mayDelete?: boolean;
  onDeleted?: (id: string, scope: DeleteScope) => void;
  /** Rotate / refresh blur / video process request on chat media, as the route table allows the role. */
  mediaOps?: MediaOps;
}

const NEAR_BOTTOM_PX = 120;

export function MessageList({ userId, fanName, state, onLoadOlder, onRetry, onChanged, onResend, onDiscard, mayCopy, mayUnlock, mayDelete = false, onDeleted, mediaOps }: MessageListProps) {
  const [deleting, setDeleting] = useState<{ m: ShownMessage; scope: DeleteScope } | null>(null);
  const sayList = useSay();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);
  const [unlocking, setUnlocking] = useState<ShownMessage | null>(null);
  const [viewing, setViewing] = useState<PostMediaView | null>(null);

  // A new conversation starts at its newest message.
  useEffect(() => {
    atBottom.current = true;
  }, [userId]);

  // New messages at the bottom: follow them when the list was at the bottom.
  // A message staff just sent is always brought into view.
  const last = state.messages[state.messages.length - 1];
  const lastMine = Boolean(last?.fromAdmin);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && (atBottom.current || lastMine)) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.newest, state.loading]);

  // Older messages on top: keep what was on screen where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    const before = beforeOlder.current;
    if (el && before) el.scrollTop = el.scrollHeight - before.height + before.top;
    beforeOlder.current = null;
  }, [state.pages]);

  const older = () => {
    const el = scroller.current;
    if (el) beforeOlder.current = { height: el.scrollHeight, top: el.scrollTop };
    onLoadOlder();
  };

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < 40 && state.hasMore && !state.loadingOlder && !state.loading) older();
  };

  // Pictures that finish loading push the list down: stay at the bottom when there.
  const onMediaLoad = () => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  };

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1.5, bgcolor: theme => (theme.palette.mode === 'dark' ? 'background.default' : 'grey.50') }}
      data-testid="chat-messages"
      aria-live="polite"
    >
      {state.loading ? (
        <Stack spacing={1.5} aria-label="Loading messages" role="progressbar">
          {[60, 40, 70, 35].map((w, i) => (
            <Box key={i} sx={{ display: 'flex', justifyContent: i % 2 ? 'flex-end' : 'flex-start' }}>
              <Skeleton variant="rounded" width={`${w}%`} height={44} />
            </Box>
          ))}
        </Stack>
      ) : state.error && state.messages.length === 0 ? (
        <Alert
          severity="error"
          data-testid="chat-messages-error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          {state.error}
        </Alert>
      ) : state.messages.length === 0 ? (
        <Stack sx={{ alignItems: 'center', justifyContent: 'center', height: '100%', color: 'text.secondary', textAlign: 'center', gap: 1 }} data-testid="chat-messages-empty">
          <ForumOutlinedIcon sx={{ fontSize: 40 }} />
          <Typography variant="body2">No messages yet. Say hello to {fanName || 'this fan'}.</Typography>
        </Stack>
      ) : (
        <>
          {state.hasMore ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', mb: 1 }}>
              {state.loadingOlder ? (
                <CircularProgress size={22} aria-label="Loading older messages" />
              ) : (
                <Button size="small" onClick={older} data-testid="chat-load-older">
                  Load older messages
                </Button>
              )}
            </Box>
          ) : null}
          {state.error ? (
            <Alert severity="error" sx={{ mb: 1 }} action={<Button color="inherit" size="small" onClick={onRetry}>Retry</Button>}>
              {state.error}
            </Alert>
          ) : null}
          <Stack spacing={1.25}>
            {state.messages.map(m => (
              <MessageBubble
                key={m._id}
                m={m}
                mayCopy={mayCopy}
                mayUnlock={mayUnlock}
                onDelete={mayDelete ? (msg, scope) => setDeleting({ m: msg, scope }) : undefined}
                mediaOps={mediaOps}
                onChanged={onChanged}
                onUnlock={setUnlocking}
                onView={setViewing}
                onMediaLoad={onMediaLoad}
                onResend={onResend}
                onDiscard={onDiscard}
              />
            ))}
          </Stack>
        </>
      )}
      <UnlockDialog
        message={unlocking}
        fanName={fanName}
        onClose={() => setUnlocking(null)}
        onDone={() => {
          const id = unlocking?._id;
          setUnlocking(null);
          onChanged(id);
        }}
      />
      <MediaViewer media={viewing} onClose={() => setViewing(null)} />
      <DeleteMessageDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        say={sayList}
        onDone={(id, scope) => {
          setDeleting(null);
          onDeleted?.(id, scope);
        }}
      />
    </Box>
  );
}
