// The publisher's live view: camera and microphone (selectors on desktop, camera flip on phones), full screen:
// LIVE badge, timer, viewer count → 'Live Stream Viewers', tip total (only above 0), overlay darkness in steps of 10
// up to 30 then off, the comment overlay (and a comment box, except for the live-stream manager), END (group) /
// END LIVE (one-to-one) with 'Are you sure that you want to end the Go Live session?', the close button with 'Are
// you sure that you want to close the Go Live session?'. The session itself (start, Janus, frames) is usePublisher.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Portal, useMediaQuery } from '@mui/material';
import { commentAuthor, commentParts, nextDarkness, type LiveComment } from '../../../domain/live-client/rules';
import { ViewersDialog } from '../../../web-shared/live/ViewersDialog';
import { LiveCommentBox } from '../../../web-shared/live/LiveCommentBox';
import type { ApiRequestError } from '../api';
import { liveApi } from './api';
import { DevicePickers } from './DeviceSelect';
import { ConfirmEnd, PhaseOverlay } from './PublisherOverlays';
import { PublisherTopBar } from './PublisherTopBar';
import { usePublisher } from './usePublisher';

/** A failed call's text, as the console shows it. */
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface PublisherViewProps {
  isGroup: boolean;
  /** One-to-one: the fan. */
  userId?: string;
  /** One-to-one: the partner's name in the top bar. */
  partnerName?: string;
  /** The live-stream manager has no comment box. */
  mayComment: boolean;
  /** Beside the video (one-to-one: the conversation). */
  side?: ReactNode;
  /** After the session ended or the view was closed. */
  onDone: () => void;
}

export function PublisherView({ isGroup, userId, partnerName, mayComment, side, onDone }: PublisherViewProps) {
  const phone = useMediaQuery(`(max-width:575.95px)`, { noSsr: true });
  const live = usePublisher({ isGroup, userId, onDone });
  const { video, phase, onAir, comments, finish, switchDevice } = live;
  const [darkness, setDarkness] = useState(0);
  const [ask, setAsk] = useState<'end' | 'close' | null>(null);
  const [showViewers, setShowViewers] = useState(false);
  const [facing, setFacing] = useState<'user' | 'environment'>('user');
  const flip = () => {
    const next = facing === 'user' ? 'environment' : 'user';
    setFacing(next);
    void switchDevice('video', null, next);
  };

  // In a portal: the console's layout makes stacking contexts the full-screen view must sit above (the app bar).
  return (
    <Portal>
    <Box sx={{ position: 'fixed', inset: 0, zIndex: 1300, bgcolor: '#000', display: 'flex', flexDirection: { xs: 'column', md: 'row' } }} data-testid="publisher-view" data-phase={phase}>
      <Box sx={{ position: 'relative', flex: 1, minHeight: side ? { xs: '50%', md: 0 } : '100%', overflow: 'hidden' }}>
        <video ref={video} autoPlay playsInline muted data-testid="publisher-video" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', transform: facing === 'user' ? 'scaleX(-1)' : undefined }} />
        {darkness > 0 ? <Box sx={{ position: 'absolute', inset: 0, bgcolor: `rgba(0,0,0,${darkness / 100})`, pointerEvents: 'none' }} data-testid="publisher-darkness" data-level={darkness} /> : null}
        <PublisherTopBar
          isGroup={isGroup}
          partnerName={partnerName}
          onAir={onAir}
          elapsed={live.elapsed}
          viewers={live.viewers}
          tipTotalCents={live.tipTotalCents}
          darkness={darkness}
          phone={phone}
          onViewers={() => setShowViewers(true)}
          onDarker={() => setDarkness(nextDarkness)}
          onFlip={flip}
          onEnd={() => setAsk('end')}
          onClose={() => (onAir ? setAsk('close') : void finish(false))}
        />
        {phone ? null : (
          <DevicePickers
            cameras={live.cameras}
            mics={live.mics}
            cameraId={live.cameraId}
            micId={live.micId}
            onCamera={(id) => { live.setCameraId(id); void switchDevice('video', id); }}
            onMic={(id) => { live.setMicId(id); void switchDevice('audio', id); }}
          />
        )}
        <PhaseOverlay phase={phase} problem={live.problem} onClose={() => void finish(!!live.started)} />

        {/* the comment overlay */}
        {onAir && !side ? (
          <Box sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, p: { xs: 1, sm: 2 }, background: 'linear-gradient(transparent, rgba(0,0,0,.5))' }}>
            <Box sx={{ maxWidth: 520 }}>
              <Comments comments={comments} />
              {mayComment ? <CommentBox isGroup={isGroup} /> : null}
            </Box>
          </Box>
        ) : null}
      </Box>

      {side ? (
        <Box sx={{ width: { xs: '100%', md: 420 }, flex: { xs: 1, md: 'none' }, minHeight: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }} data-testid="publisher-side">
          {onAir && comments.length > 0 ? (
            <Box sx={{ p: 1, bgcolor: '#111' }}>
              <Comments comments={comments} />
            </Box>
          ) : null}
          <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{side}</Box>
        </Box>
      ) : null}

      <ConfirmEnd
        ask={ask}
        onCancel={() => setAsk(null)}
        onYes={() => {
          setAsk(null);
          void finish(true);
        }}
      />
      <ViewersDialog open={showViewers} onClose={() => setShowViewers(false)} load={liveApi.viewers} errorText={errorText} zIndex={1400} />
    </Box>
    </Portal>
  );
}

function Comments({ comments }: { comments: LiveComment[] }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [comments.length]);
  return (
    <Box role="log" aria-label="Live comments" data-testid="live-comments" sx={{ maxHeight: 220, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 0.5, mb: 1, scrollbarWidth: 'none' }}>
      {comments.map((c) => (
        <Box
          key={c._id}
          data-testid="live-comment"
          data-type={c.type}
          sx={{ alignSelf: 'flex-start', maxWidth: '100%', px: 1.25, py: 0.5, borderRadius: 2, color: '#fff', bgcolor: c.type === 'tips' ? 'rgba(46,125,50,0.85)' : 'rgba(0,0,0,0.5)', fontSize: 14, overflowWrap: 'anywhere' }}
        >
          <Box component="span" sx={{ fontWeight: 700, mr: 0.75 }}>
            {commentAuthor(c)}
          </Box>
          {commentParts(c).tip}
          {commentParts(c).separator}
          {c.message}
        </Box>
      ))}
      <div ref={end} />
    </Box>
  );
}

const failureOf = (e: unknown) => ({ status: (e as ApiRequestError).status, message: (e as Error).message });

/** The comment box over the video (web-shared/live/LiveCommentBox), sending through the console's session. */
function CommentBox({ isGroup }: { isGroup: boolean }) {
  return <LiveCommentBox isGroup={isGroup} send={liveApi.send} failureOf={failureOf} />;
}



