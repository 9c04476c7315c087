// /chat (public; the spec names the route without its contents): the way into the private chat from
// outside. Members go straight to their conversation and staff to the console's chat; everyone else sees what the
// chat is and the one step that opens it (sign up, or become a member).
import { Link as RouterLink, Navigate } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChatRounded from '@mui/icons-material/ChatRounded';
import { saveRedirect, useAuth, useIsProxy, useModelName } from '../auth';
import { isMember, isStaff } from '../format';
import { PageLoader } from '../components/StatusViews';

export default function ChatLandingPage() {
  const { token, me, loadingMe, settings } = useAuth();
  const proxy = useIsProxy();
  const modelName = useModelName();
  if (token && loadingMe) return <PageLoader />;
  if (me && isStaff(me) && !proxy) {
    window.location.replace('/admin/private-chat');
    return <PageLoader />;
  }
  if (me && isMember(me)) return <Navigate to="/private-chat" replace />;
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', px: 2, py: { xs: 4, sm: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center' }} data-testid="chat-landing">
        <Box sx={{ position: 'relative', width: 88, mx: 'auto' }}>
          <Avatar src={settings?.model_avatar_url ?? undefined} alt="" sx={{ width: 88, height: 88, bgcolor: 'primary.main', fontSize: 34 }}>
            {modelName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ position: 'absolute', right: -6, bottom: -6, bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: '50%', p: 0.75, display: 'flex' }} aria-hidden>
            <ChatRounded fontSize="small" />
          </Box>
        </Box>
        <Typography variant="h5" component="h1" sx={{ mt: 3, fontWeight: 700 }}>
          Chat privately with {modelName}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          Members message {modelName} directly: say hello, ask for something special and get photos and videos sent just to you.
        </Typography>
        {me ? (
          <Button component={RouterLink} to="/membership" variant="contained" size="large" sx={{ mt: 4 }} data-testid="chat-landing-join">
            Become a member to chat
          </Button>
        ) : (
          <Box sx={{ mt: 4, display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/register" onClick={() => saveRedirect('/private-chat')} variant="contained" size="large" data-testid="chat-landing-register">
              {settings?.sign_up_navbar_name || 'Sign Up'}
            </Button>
            <Button component={RouterLink} to="/login" onClick={() => saveRedirect('/private-chat')} variant="outlined" size="large" data-testid="chat-landing-login">
              {settings?.log_in_navbar_name || 'Log In'}
            </Button>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
