// Who does not get the chat screen: staff are sent to the console's chat, fans without a membership see
// 'Subscribe to chat with {model_name}'.
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ForumRounded from '@mui/icons-material/ForumRounded';
import { useModelName } from '../auth';
import { Column, EmptyState, PageLoader } from '../components/StatusViews';


/** The console's chat, where staff answer fans. */
export const STAFF_CHAT_URL = '/admin/private-chat';

export function StaffRedirect() {
  useEffect(() => {
    window.location.replace(STAFF_CHAT_URL);
  }, []);
  return <PageLoader label="Opening the console chat" />;
}

export function SubscribeToChat() {
  const modelName = useModelName();
  return (
    <Column width={560}>
      <Box data-testid="chat-subscribe-state" sx={{ mt: { xs: 2, sm: 4 } }}>
        <EmptyState title={`Subscribe to chat with ${modelName}`} icon={<ForumRounded />}>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 360, mx: 'auto' }}>
            Members message {modelName} privately and get photos and videos you will not find in the feed.
          </Typography>
          <Button component={RouterLink} to="/membership" variant="contained" size="large" sx={{ mt: 3 }} data-testid="chat-subscribe-button">
            Subscribe
          </Button>
        </EmptyState>
      </Box>
    </Column>
  );
}
