// The right side of the chat: header, message list and the input bar (images button, text area
// "Write a message...", saved replies, send). Support reads only: no input bar.
import { useCallback, useState, type KeyboardEvent } from 'react';
import { Box, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import SendIcon from '@mui/icons-material/Send';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { ChatMessageView, ChatUserListEntry } from '../../../domain/chat/wire';
import { mayCall } from '../access';
import { useSay } from '../posts/parts';
import type { UploadSource } from '../posts/types';
import { chatApi, CHAT_ROUTES } from './api';
import { ChatHeader } from './ChatHeader';
import { MediaMessageDialog } from './MediaMessageDialog';
import { MessageList } from './Messages';
import { MAX_TEXT, mayCopy, mayWrite, MESSAGES, newUniqueId, textProblem } from './rules';
import { STAFF_CHAT_ROUTES } from './staffApi';
import { problemText, useUserDetails, type ShownMessage } from './useChat';
import { useConversation } from './useConversation';
import { useAnnounceChat } from '../realtime';
import { replySuggestions } from '../../../domain/chat/saved-reply';
import { ReplySuggestions, SAVED_REPLY_ROUTES, SavedRepliesButton, SavedRepliesDialog, useSavedReplies } from './SavedReplies';

export function Conversation({
  role,
  userId,
  entry,
  onBack,
  onRead,
  onSent,
}: {
  role: unknown;
  userId: string;
  entry: ChatUserListEntry | null;
  onBack?: () => void;
  /** The fan's messages were marked read. */
  onRead: (userId: string) => void;
  /** A message went out (the list shows it as the last message). */
  onSent: (userId: string, message: ChatMessageView) => void;
}) {
  const say = useSay();
  const conversation = useConversation(userId, onRead);
  const header = useUserDetails(userId);
  // The other staff see "… is also in this chat" while this conversation is open.
  useAnnounceChat(userId);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [mediaOpen, setMediaOpen] = useState(false);

  const writes = mayWrite(role) && mayCall(role, CHAT_ROUTES.send);
  const sources: UploadSource[] = [
    ...(mayCall(role, CHAT_ROUTES.upload) ? (['upload'] as const) : []),
    ...(mayCall(role, CHAT_ROUTES.library) ? (['library'] as const) : []),
  ];
  const fanName = header.details?.name ?? entry?.name ?? '';
  const usesSavedReplies = writes && mayCall(role, SAVED_REPLY_ROUTES.list);
  const saved = useSavedReplies(usesSavedReplies);
  const [manageReplies, setManageReplies] = useState(false);
  // "/" and part of a name: the matching saved replies.
  const suggestions = usesSavedReplies ? replySuggestions(text, saved.items) : null;
  /** A saved reply replaces a "/name" being typed, or joins the text already written. */
  const insertReply = (reply: string) => {
    setText(prev => (prev.startsWith('/') || !prev.trim() ? reply : `${prev.trimEnd()} ${reply}`));
    setTextError(null);
  };
  const { addPending, settle, drop, poll } = conversation;
  const { refresh: refreshHeader } = header;

  const deliver = useCallback(
    async (body: string, uniqueId: string) => {
      try {
        const result = await chatApi.send({ receiver: userId, message: body, uniqueId });
        if (result.message) {
          settle(uniqueId, result.message);
          onSent(userId, result.message);
        } else {
          // Stored, but the read models have not caught up yet: the bubble stays pending until the message comes
          // (MESSAGE_RECEIVE, or page 1 read again), which replaces it by its uniqueId.
          poll();
        }
      } catch (error) {
        settle(uniqueId, null);
        say(problemText(error, MESSAGES.textSendFailed), 'error');
      }
    },
    [userId, settle, onSent, say, poll]
  );

  const sendText = () => {
    const problem = textProblem(text);
    if (problem) {
      setTextError(problem);
      return;
    }
    const body = text.trim();
    const uniqueId = newUniqueId();
    const pending: ShownMessage = {
      _id: `pending-${uniqueId}`,
      uniqueId,
      type: 'text',
      message: body,
      tipMessage: null,
      fromAdmin: true,
      senderId: '',
      userId,
      name: '',
      isLocked: 'free',
      amount: 0,
      amount_cents: 0,
      isRead: false,
      media: [],
      media_preview: null,
      contentCount: { photo: 0, video: 0 },
      processing: false,
      is_pay_per_message: false,
      paid_cents: 0,
      is_anonymous: false,
      created: new Date().toISOString(),
      pending: true,
    };
    addPending(pending);
    setText('');
    setTextError(null);
    void deliver(body, uniqueId);
  };

  const resend = (m: ShownMessage) => {
    if (!m.uniqueId) return;
    drop(m.uniqueId);
    addPending({ ...m, failed: false, pending: true, created: new Date().toISOString() });
    void deliver(m.message, m.uniqueId);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (suggestions?.length) insertReply(suggestions[0].text);
      else sendText();
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, minWidth: 0 }} data-testid="chat-conversation" data-user-id={userId}>
      <ChatHeader
        userId={userId}
        entry={entry}
        details={header.details}
        error={header.error}
        onRetry={header.retry}
        onBack={onBack}
        payPerMessage={conversation.payPerMessage}
        mayGrant={mayCall(role, CHAT_ROUTES.grantCredits)}
        onChanged={refreshHeader}
      />
      <MessageList
        userId={userId}
        fanName={fanName}
        state={conversation}
        onLoadOlder={conversation.loadOlder}
        onRetry={conversation.retry}
        onChanged={messageId => {
          poll();
          if (messageId) conversation.refreshMessage(messageId);
          refreshHeader();
        }}
        onResend={resend}
        onDiscard={m => m.uniqueId && drop(m.uniqueId)}
        mayCopy={mayCopy(role)}
        mayUnlock={mayCall(role, CHAT_ROUTES.unlock)}
        mayDelete={mayCall(role, STAFF_CHAT_ROUTES.deleteFromUser)}
        mediaOps={{
          rotate: mayCall(role, STAFF_CHAT_ROUTES.rotate),
          refreshBlur: mayCall(role, STAFF_CHAT_ROUTES.refreshBlur),
          reprocess: mayCall(role, STAFF_CHAT_ROUTES.videoProcess),
        }}
        onDeleted={(id, scope) => {
          conversation.removeMessage(id, scope);
          refreshHeader();
        }}
      />
      {writes ? (
        <Box sx={{ position: 'relative', borderTop: 1, borderColor: 'divider', px: { xs: 1, sm: 1.5 }, py: 1, bgcolor: 'background.paper' }} data-testid="chat-input-bar">
          {suggestions ? <ReplySuggestions items={suggestions} onPick={r => insertReply(r.text)} /> : null}
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-end' }}>
            {sources.length ? (
              <Tooltip title="Send photos or videos">
                <IconButton aria-label="Send photos or videos" onClick={() => setMediaOpen(true)} data-testid="chat-images-button" sx={{ mb: 0.25 }}>
                  <AddPhotoAlternateOutlinedIcon />
                </IconButton>
              </Tooltip>
            ) : null}
            {usesSavedReplies ? <SavedRepliesButton items={saved.items} onInsert={insertReply} onManage={() => setManageReplies(true)} /> : null}
            <TextField
              value={text}
              onChange={e => {
                setText(e.target.value);
                if (textError) setTextError(null);
              }}
              onKeyDown={onKeyDown}
              placeholder={MESSAGES.inputPlaceholder}
              multiline
              minRows={1}
              maxRows={4}
              fullWidth
              variant="outlined"
              size="small"
              error={Boolean(textError)}
              helperText={textError ?? undefined}
              slotProps={{
                htmlInput: { maxLength: MAX_TEXT, 'aria-label': 'Message', 'data-testid': 'chat-input' },
                formHelperText: { 'data-testid': 'chat-input-error' } as object,
                input: { sx: { borderRadius: 5, py: 1, '& textarea': { maxHeight: 120, overflowY: 'auto !important' } } },
              }}
            />
            <Tooltip title="Send">
              <span>
                <IconButton color="primary" aria-label="Send message" onClick={sendText} data-testid="chat-send" sx={{ mb: 0.25 }}>
                  <SendIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        </Box>
      ) : (
        <Stack
          direction="row"
          spacing={1}
          sx={{ borderTop: 1, borderColor: 'divider', px: 2, py: 1.25, alignItems: 'center', color: 'text.secondary', bgcolor: 'background.paper' }}
          data-testid="chat-read-only"
        >
          <VisibilityOutlinedIcon fontSize="small" />
          <Typography variant="body2">Read only: your role can read this conversation but not reply.</Typography>
        </Stack>
      )}
      {usesSavedReplies ? <SavedRepliesDialog open={manageReplies} onClose={() => setManageReplies(false)} items={saved.items} onChanged={saved.refresh} /> : null}
      {writes && sources.length ? (
        <MediaMessageDialog
          open={mediaOpen}
          onClose={() => setMediaOpen(false)}
          userId={userId}
          fanName={fanName}
          sources={sources}
          onSent={message => {
            if (message) {
              conversation.replace(message);
              onSent(userId, message);
            }
            setTimeout(poll, 300);
          }}
        />
      ) : null}
    </Box>
  );
}

/** The right side before a fan is chosen. */
export function NoConversation() {
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', gap: 1, p: 3, textAlign: 'center' }} data-testid="chat-no-conversation">
      <ForumOutlinedIcon sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p">
        Private chat
      </Typography>
      <Typography variant="body2">Choose a fan on the left to read and answer their messages.</Typography>
    </Stack>
  );
}
