// The fan's group live page (route): /group-live-stream, full screen. The one-to-one page (/live-stream/:id?)
// shows the private chat beside the video and lives with the chat (../chat/LiveStreamPage). Staff go live in
// the console.
import { useNavigate } from 'react-router-dom';
import { LiveViewer } from './LiveViewer';

export function GroupLiveStreamPage() {
  const navigate = useNavigate();
  return <LiveViewer isGroup layout="full" onLeave={() => navigate('/')} />;
}
