// The fan's live pages (routes): /group-live-stream (full screen) and /live-stream/:id? (one-to-one: a
// modal with the creator's name and the live chat beside it). Staff go live in the console.
import { useNavigate } from 'react-router-dom';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useModelName } from '../auth';
import PrivateChatPage from '../chat/PrivateChatPage';
import { LiveViewer } from './LiveViewer';

export function GroupLiveStreamPage() {
  const navigate = useNavigate();
  return <LiveViewer isGroup layout="full" onLeave={() => navigate('/')} />;
}

export function LiveStreamPage() {
  const navigate = useNavigate();
  const modelName = useModelName();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  return (
    <Dialog
      open
      fullScreen={phone}
      maxWidth={false}
      onClose={() => undefined}
      aria-label={`Live with ${modelName}`}
      data-testid="live-stream-modal"
      slotProps={{ paper: { sx: phone ? { bgcolor: '#000' } : { width: 'min(1200px, 94vw)', height: 'min(760px, 90vh)', bgcolor: '#000', overflow: 'hidden' } } }}
    >
      {/* The private chat beside the video: text, media, tips and locked content, as on /private-chat. */}
      <LiveViewer isGroup={false} layout="modal" title={modelName} onLeave={() => navigate('/private-chat')} side={<PrivateChatPage />} />
    </Dialog>
  );
}
