// Pieces of the fan's live views: the LIVE badge with the timer, the viewer-count button and its
// 'Live Stream Viewers' list, the comment overlay and the comment box (max 500 in group, 1000 one-to-one, the
// spec's 'Please type message.' / 'Maximum 500 characters allowed.'), with the tip button beside it.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachMoneyRounded from '@mui/icons-material/AttachMoneyRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import { COMMENT_SEND_FAILED, commentAuthor, commentParts, commentSendFailure, elapsedSince, formatElapsed, liveMessageError, type LiveComment } from '../../../domain/live-client/rules';
import { ApiError, errorMessage } from '../api';
import { liveApi } from './liveApi';

/** Glass chips and buttons over the video. */
export const glass = { bgcolor: 'rgba(0,0,0,0.45)', color: '#fff', backdropFilter: 'blur(6px)', '&:hover': { bgcolor: 'rgba(0,0,0,0.6)' } } as const;

export function LiveBadge({ startedAt }: { startedAt: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const elapsed = elapsedSince(startedAt, now);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <Chip label="LIVE" size="small" data-testid="live-badge" sx={{ bgcolor: '#e53935', color: '#fff', fontWeight: 800, letterSpacing: '.06em', borderRadius: 1 }} />
      <Chip label={formatElapsed(elapsed)} size="small" data-testid="live-timer" sx={{ ...glass, fontVariantNumeric: 'tabular-nums' }} />
    </Box>
  );
}

export function ViewerCountButton({ count, onClick }: { count: number; onClick?: () => void }) {
  return (
    <Tooltip title="Live Stream Viewers">
      <Button
        size="small"
        onClick={onClick}
        startIcon={<VisibilityRounded fontSize="small" />}
        aria-label={`${count} watching. Show the viewers`}
        data-testid="live-viewers-button"
        sx={{ ...glass, minWidth: 0, px: 1.25, borderRadius: 4 }}
      >
        <span data-testid="live-viewer-count">{count}</span>
      </Button>
    </Tooltip>
  );
}


/** The overlay's last comments and tips, newest at the bottom. */
export function CommentOverlay({ comments, compact }: { comments: LiveComment[]; compact?: boolean }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [comments.length]);
  return (
    <Box
      role="log"
      aria-label="Live comments"
      data-testid="live-comments"
      sx={{
        maxHeight: compact ? 160 : 260,
        overflowY: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        pr: 1,
        maskImage: 'linear-gradient(to bottom, transparent 0, #000 24px)',
        scrollbarWidth: 'none',
      }}
    >
      {comments.map((c) => (
        <Box
          key={c._id}
          data-testid="live-comment"
          data-type={c.type}
          sx={{
            alignSelf: 'flex-start',
            maxWidth: '100%',
            px: 1.25,
            py: 0.5,
            borderRadius: 2,
            color: '#fff',
            bgcolor: c.type === 'tips' ? 'rgba(46,125,50,0.85)' : 'rgba(0,0,0,0.45)',
            fontSize: 14,
            overflowWrap: 'anywhere',
          }}
        >
          <Box component="span" sx={{ fontWeight: 700, mr: 0.75, color: c.from_admin ? '#ffd54f' : 'inherit' }}>
            {commentAuthor(c)}
          </Box>
          {commentParts(c).tip ? <span data-testid="live-comment-tip">{commentParts(c).tip}</span> : null}
          {commentParts(c).separator}
          {c.message}
        </Box>
      ))}
      <div ref={end} />
    </Box>
  );
}

/** The comment box: the spec's rule before sending, the server's message after; the tip button beside it. */
export function CommentBox({ isGroup, onSent, tipButton }: { isGroup: boolean; onSent?: () => void; tipButton?: ReactNode }) {
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
      await liveApi.send(text.trim());
      setText('');
      setError(null);
      onSent?.();
    } catch (e) {
      const failed = commentSendFailure(e instanceof ApiError ? e.status : undefined, errorMessage(e, COMMENT_SEND_FAILED));
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

export function TipButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip title="Send a tip">
      <IconButton onClick={onClick} aria-label="Send a tip" data-testid="live-tip-button" sx={{ ...glass, bgcolor: 'rgba(46,125,50,0.85)', '&:hover': { bgcolor: 'rgba(46,125,50,1)' } }}>
        <AttachMoneyRounded />
      </IconButton>
    </Tooltip>
  );
}
