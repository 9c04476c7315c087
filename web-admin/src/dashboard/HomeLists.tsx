// The Home's lists: conversations waiting for an answer, posts coming up and the newest subscribers, each with
// its link and an empty state.
import type { ReactNode } from 'react';
import { Avatar, Box, Button, Card, CardContent, CardHeader, Chip, List, ListItemAvatar, ListItemButton, ListItemText, Skeleton, Typography } from '@mui/material';
import { useBasename, usePermissions } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AdminHome } from '../../../domain/console/wire';
import { canUse, mayOpenPage } from '../access';
import { CHAT_PAGE } from '../chat/paths';
import { formatDate, money, relative } from '../format';

const initial = (name: string) => name.trim().charAt(0).toUpperCase() || '?';

function HomeCard({ title, testId, action, children }: { title: string; testId: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card data-testid={testId} sx={{ minWidth: 0 }}>
      <CardHeader title={title} action={action} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <CardContent sx={{ pt: 1, '&:last-child': { pb: 1 } }}>{children}</CardContent>
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <Typography color="text.secondary" variant="body2" sx={{ py: 2 }} data-testid="home-empty">
    {children}
  </Typography>
);

const Loading = () => (
  <>
    {[0, 1, 2].map(i => (
      <Skeleton key={i} height={44} />
    ))}
  </>
);

export function HomeLists({ data }: { data: AdminHome | null }) {
  const { permissions } = usePermissions();
  const basename = useBasename();
  const chat = mayOpenPage(permissions, CHAT_PAGE);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
      <HomeCard
        title="Unread chats"
        testId="home-unread"
        action={chat ? <Button size="small" component={Link} to={`${basename}/private-chat`}>Open chat</Button> : undefined}
      >
        {!data ? <Loading /> : data.latest_unread.length === 0 ? <Empty>No fan is waiting for an answer.</Empty> : (
          <List dense disablePadding>
            {data.latest_unread.map(c => (
              <ListItemButton
                key={c.fan_id}
                component={Link}
                to={`${basename}/private-chat/${encodeURIComponent(c.fan_id)}`}
                disabled={!chat}
                data-testid="home-unread-row"
                sx={{ px: 0.5, borderRadius: 1 }}
              >
                <ListItemAvatar sx={{ minWidth: 44 }}>
                  <Avatar sx={{ width: 32, height: 32, fontSize: 14 }}>{initial(c.name)}</Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={c.name}
                  secondary={c.last_message || 'Media'}
                  slotProps={{ primary: { noWrap: true, fontWeight: 600 }, secondary: { noWrap: true } }}
                />
                <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, ml: 1 }}>
                  <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>{relative(c.last_message_at)}</Typography>
                  <Chip size="small" color="error" label={c.unread} />
                </Box>
              </ListItemButton>
            ))}
          </List>
        )}
      </HomeCard>
      <HomeCard
        title="Scheduled posts"
        testId="home-scheduled"
        action={canUse(permissions, 'posts') ? <Button size="small" component={Link} to={`${basename}/posts`}>All posts</Button> : undefined}
      >
        {!data ? <Loading /> : data.scheduled_posts.length === 0 ? <Empty>Nothing scheduled. Posts set to appear later show here.</Empty> : (
          <List dense disablePadding>
            {data.scheduled_posts.map(p => (
              <ListItemButton key={p.id} component={Link} to={`${basename}/posts/${encodeURIComponent(p.id)}/show`} data-testid="home-scheduled-row" sx={{ px: 0.5, borderRadius: 1 }}>
                <ListItemText
                  primary={p.caption || 'Untitled post'}
                  secondary={`${formatDate(p.publish_at)} · ${relative(p.publish_at)}`}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </HomeCard>
      <HomeCard
        title="Recent subscribers"
        testId="home-subscribers"
        action={canUse(permissions, 'subscribers') ? <Button size="small" component={Link} to={`${basename}/subscribers`}>All</Button> : undefined}
      >
        {!data ? <Loading /> : data.recent_subscribers.length === 0 ? <Empty>No subscribers yet. Share your page to get the first.</Empty> : (
          <List dense disablePadding>
            {data.recent_subscribers.map(s => (
              <Box key={s.user_id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 0.75 }} data-testid="home-subscriber-row">
                <Avatar sx={{ width: 32, height: 32, fontSize: 14 }}>{initial(s.name)}</Avatar>
                <ListItemText primary={s.name} secondary={relative(s.started_at)} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} sx={{ m: 0, minWidth: 0 }} />
                <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{money(s.price_cents)}</Typography>
              </Box>
            ))}
          </List>
        )}
      </HomeCard>
    </Box>
  );
}
