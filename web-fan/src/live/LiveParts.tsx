// Pieces of the fan's live views: the LIVE badge with the timer, the viewer-count button and its
// 'Live Stream Viewers' list, the comment overlay and the comment box (max 500 in group, 1000 one-to-one, the
// spec's 'Please type message.' / 'Maximum 500 characters allowed.'), with the tip button beside it.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AttachMoneyRounded from '@mui/icons-material/AttachMoneyRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import { COMMENT_SEND_FAILED, commentAuthor, commentParts, elapsedSince, formatElapsed, type LiveComment } from '../../../domain/live-client/rules';
import { ApiError, errorMessage } from '../api';
import { glass, LiveCommentBox } from '../../../web-shared/live/LiveCommentBox';
import { liveApi } from './liveApi';

export { glass };

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

const failureOf = (e: unknown) => ({ status: e instanceof ApiError ? e.status : undefined, message: errorMessage(e, COMMENT_SEND_FAILED) });

/** The comment box (web-shared/live/LiveCommentBox), sending through the fan's session; the tip button beside it. */
export function CommentBox({ isGroup, onSent, tipButton }: { isGroup: boolean; onSent?: () => void; tipButton?: ReactNode }) {
  return <LiveCommentBox isGroup={isGroup} send={liveApi.send} failureOf={failureOf} onSent={onSent} tipButton={tipButton} />;
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
