// The chat's message list: a skeleton while loading, the error with a retry, the empty state, or the messages
// with a divider per day, runs from one sender with the time under the last, the pending bubbles, and at the top
// the older-messages loader or the conversation's beginning.
import { type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import type { ChatMessageView } from '../../../domain/chat/wire';
import { useIsProxy, useModelName } from '../auth';
import { EmptyState, ErrorState } from '../components/StatusViews';
import { LOAD_FAILED } from './chatRules';
import { MessageBubble, PendingBubble, useNow, type PendingMessage } from './MessageBubble';
import { useChatMessages } from './useChatMessages';


function dayLabel(iso: string, now: number): string {
  const d = new Date(iso);
  const today = new Date(now);
  const start = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const days = Math.round((start(today) - start(d)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return d.toLocaleDateString(undefined, { weekday: days < 7 ? 'long' : undefined, year: d.getFullYear() === today.getFullYear() ? undefined : 'numeric', month: 'long', day: 'numeric' });
}

function DayDivider({ label }: { label: string }) {
  return (
    <Box component="li" role="separator" aria-label={label} sx={{ listStyle: 'none', display: 'flex', justifyContent: 'center', py: 1.5 }}>
      <Typography variant="caption" color="text.secondary" sx={{ px: 1.5, py: 0.25, borderRadius: 5, bgcolor: 'action.hover', fontWeight: 600 }}>
        {label}
      </Typography>
    </Box>
  );
}

function ListSkeleton() {
  return (
    <Box aria-hidden sx={{ px: { xs: 1.5, sm: 2.5 }, py: 2, display: 'grid', gap: 1.5 }} data-testid="chat-loading">
      {[62, 40, 70, 35, 55].map((w, i) => (
        <Box key={i} sx={{ display: 'flex', justifyContent: i % 2 ? 'flex-end' : 'flex-start' }}>
          <Skeleton variant="rounded" width={`${w}%`} height={i === 2 ? 120 : 38} sx={{ borderRadius: 3 }} />
        </Box>
      ))}
    </Box>
  );
}

export interface ChatListProps {
  chat: ReturnType<typeof useChatMessages>;
  shown: ChatMessageView[];
  pending: PendingMessage[];
  /** The fan's last message when the creator has read it ('Seen' under it). */
  ownSeenId: string | null;
  unlock: { buyingId: string | null; requestUnlock: (m: ChatMessageView) => void };
  loadOlder: () => void;
  onRetry: (p: PendingMessage) => void;
  onDiscard: (p: PendingMessage) => void;
  onCancel: (p: PendingMessage) => void;
}

export function ChatList({ chat, shown, pending, ownSeenId, unlock, loadOlder, onRetry, onDiscard, onCancel }: ChatListProps): ReactNode {
  const proxy = useIsProxy();
  const modelName = useModelName();
  const now = useNow();
  const retry = onRetry;
  const discard = onDiscard;
  const cancelUpload = onCancel;
  let body: ReactNode;
  if (chat.status === 'loading') body = <ListSkeleton />;
  else if (chat.status === 'error')
    body = (
      <Box sx={{ p: { xs: 1.5, sm: 3 } }} data-testid="chat-error">
        <ErrorState title={LOAD_FAILED} message={chat.error ?? undefined} onRetry={chat.retry} />
      </Box>
    );
  else if (!shown.length && !pending.length)
    body = (
      <Box sx={{ p: { xs: 1.5, sm: 3 }, my: 'auto' }} data-testid="chat-empty">
        <EmptyState title="No messages yet" icon={<ChatBubbleOutlineRounded />}>
          Say hi to {modelName} — your messages are private.
        </EmptyState>
      </Box>
    );
  else {
    const rows: ReactNode[] = [];
    let lastDay = '';
    /** Messages from one sender within 5 minutes form a run; the time shows under its last one. */
    const runEnds = (m: ChatMessageView, next: ChatMessageView | undefined) =>
      !next ||
      next.fromAdmin !== m.fromAdmin ||
      m.type === 'tips' ||
      next.type === 'tips' ||
      Date.parse(next.created) - Date.parse(m.created) > 5 * 60_000 ||
      dayLabel(next.created, now) !== dayLabel(m.created, now);
    shown.forEach((m, i) => {
      const day = dayLabel(m.created, now);
      if (day !== lastDay) {
        rows.push(<DayDivider key={`day-${m._id}`} label={day} />);
        lastDay = day;
      }
      rows.push(
        <MessageBubble
          key={m._id}
          message={m}
          own={!m.fromAdmin}
          creatorName={modelName}
          canUnlock={!proxy}
          buying={unlock.buyingId === m._id}
          onUnlock={unlock.requestUnlock}
          now={now}
          seen={m._id === ownSeenId}
          showTime={runEnds(m, shown[i + 1])}
        />,
      );
    });
    for (const p of pending)
      rows.push(<PendingBubble key={`pending-${p.uniqueId}`} pending={p} onRetry={() => retry(p)} onDiscard={() => discard(p)} onCancel={p.attachment ? () => cancelUpload(p) : undefined} />);
    body = (
      <>
        <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 40, py: 1 }} data-testid="chat-list-top">
          {chat.loadingOlder ? (
            <CircularProgress size={22} aria-label="Loading older messages" data-testid="chat-loading-older" />
          ) : chat.olderError ? (
            <Button size="small" onClick={() => void chat.loadOlder()} data-testid="chat-older-retry">
              {LOAD_FAILED} Retry
            </Button>
          ) : chat.hasMore ? (
            <Button size="small" color="inherit" onClick={loadOlder} data-testid="chat-load-older">
              Load older messages
            </Button>
          ) : (
            <Typography variant="caption" color="text.secondary" data-testid="chat-beginning">
              This is the beginning of your conversation with {modelName}.
            </Typography>
          )}
        </Box>
        <Box component="ol" aria-label={`Conversation with ${modelName}`} sx={{ m: 0, p: 0, pb: 1 }}>
          {rows}
        </Box>
      </>
    );
  }
  return body;
}
