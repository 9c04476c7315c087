// The fan's one-to-one live page (/live-stream/:id?): a modal with the creator's video and the private chat
// beside it. It lives with the chat because it is the chat with video added; the video itself comes from ../live.
import { useNavigate } from 'react-router-dom';
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useModelName } from '../auth';
import { LiveViewer } from '../live/LiveViewer';
import PrivateChatPage from './PrivateChatPage';

export default function LiveStreamPage() {
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
