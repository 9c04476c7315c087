// The comment box over a live video, the same for the fan watching and the creator publishing: the length rule
// before sending (max 500 in a group, 1000 one-to-one; 'Please type message.'), the server's message after (a
// 401 also clears the input), Enter sends and Shift+Enter breaks the line. Each app brings its own send call and
// says how to read its errors; the fan's tip button sits beside it.
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import SendRounded from '@mui/icons-material/SendRounded';
import { COMMENT_SEND_FAILED, commentSendFailure, liveMessageError } from '../../domain/live-client/rules';

/** Glass chips and buttons over the video. */
export const glass = { bgcolor: 'rgba(0,0,0,0.45)', color: '#fff', backdropFilter: 'blur(6px)', '&:hover': { bgcolor: 'rgba(0,0,0,0.6)' } } as const;

export interface LiveCommentBoxProps {
  isGroup: boolean;
  send: (text: string) => Promise<unknown>;
  /** The HTTP status and message of a failed send, as the app's API client reports them. */
  failureOf: (error: unknown) => { status?: number; message?: string };
  onSent?: () => void;
  tipButton?: ReactNode;
}

export function LiveCommentBox({ isGroup, send: sendText, failureOf, onSent, tipButton }: LiveCommentBoxProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const problem = liveMessageError(text, isGroup);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await sendText(text.trim());
      setText('');
      setError(null);
      onSent?.();
    } catch (e) {
      const { status, message } = failureOf(e);
      const failed = commentSendFailure(status, message || COMMENT_SEND_FAILED);
      if (failed.clearInput) setText('');
      setError(failed.error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      {error ? (
        <Typography role="alert" data-testid="live-comment-error" sx={{ color: '#ffab91', fontSize: 13, mb: 0.5, textShadow: '0 1px 2px #000' }}>
          {error}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <InputBase
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
          placeholder="Write a comment..."
          multiline
          maxRows={5}
          inputProps={{ 'aria-label': 'Comment', 'data-testid': 'live-comment-input', style: { maxHeight: 144 } }}
          sx={{ flex: 1, px: 1.5, py: 0.75, borderRadius: 3, fontSize: 15, ...glass, border: '1px solid rgba(255,255,255,0.22)', '&:hover': undefined }}
        />
        <IconButton onClick={() => void send()} disabled={busy} aria-label="Send comment" data-testid="live-comment-send" sx={glass}>
          <SendRounded />
        </IconButton>
        {tipButton}
      </Box>
    </Box>
  );
}
