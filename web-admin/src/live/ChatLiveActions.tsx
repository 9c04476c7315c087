// The chat header's live actions: the video icon starts a one-to-one Go Live with this fan
// and the question icon explains it (the publishers, when live streaming is on and the media server is up); the
// live-session history opens in a new tab (admin, sub_admin, and the content manager when the report setting is on).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Chip, IconButton, Tooltip } from '@mui/material';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import { useBasename, usePermissions } from 'react-admin';
import { STREAM_ALREADY_STARTED } from '../../../domain/live-client/rules';
import { mayOpenPage } from '../access';
import { useCurrentLive, useLiveSettings } from './api';
import { GoLiveHelp } from './GoLive';
import { LIVE_SESSIONS_PAGE, liveSessionsPath, ONE_TO_ONE_PAGE, oneToOnePath } from './paths';

export function ChatLiveActions({ userId }: { userId: string }) {
  const { permissions } = usePermissions();
  const navigate = useNavigate();
  const basename = useBasename();
  const { settings } = useLiveSettings();
  const { live } = useCurrentLive();
  const [help, setHelp] = useState(false);
  const publisher = (permissions === 'model' || permissions === 'live_stream_manager' || permissions === 'admin' || permissions === 'super_admin') && mayOpenPage(permissions, ONE_TO_ONE_PAGE);
  const history = mayOpenPage(permissions, LIVE_SESSIONS_PAGE) && (permissions !== 'content_manager' || !!settings?.live_stream_report_enabled);
  const liveWithThisFan = !!live && !live.isGroup && live.userId === userId;
  const busy = !!live && !liveWithThisFan;
  const usable = !!settings?.enable_live_streaming && !!settings.media.available;
  const why = !settings ? '' : !settings.enable_live_streaming ? 'Live streaming is turned off.' : !settings.media.available ? settings.media.reason : busy ? STREAM_ALREADY_STARTED : '';
  return (
    <>
      {liveWithThisFan ? <Chip size="small" color="error" label="LIVE" data-testid="chat-live-chip" /> : null}
      {publisher && settings?.enable_live_streaming ? (
        <>
          <Tooltip title={why || (liveWithThisFan ? 'Back to the live stream' : 'Go Live with this fan')}>
            <span>
              <IconButton aria-label="Go Live with this fan" disabled={!usable || busy} onClick={() => navigate(`${basename}${oneToOnePath(userId)}`)} data-testid="chat-go-live">
                <VideocamOutlinedIcon />
              </IconButton>
            </span>
          </Tooltip>
          <IconButton aria-label="Help: Go Live" onClick={() => setHelp(true)} data-testid="chat-go-live-help">
            <HelpOutlineIcon />
          </IconButton>
          <GoLiveHelp open={help} onClose={() => setHelp(false)} />
        </>
      ) : null}
      {history ? (
        <Tooltip title="Live session history (new tab)">
          <IconButton
            component="a"
            href={`${basename}${liveSessionsPath(userId)}`}
            target="_blank"
            rel="noopener"
            aria-label="Live session history"
            data-testid="chat-live-history"
          >
            <HistoryOutlinedIcon />
          </IconButton>
        </Tooltip>
      ) : null}
    </>
  );
}
