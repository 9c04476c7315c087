// 'Live Stream Viewers', as the fan watching and the publisher see it: name, avatar, and a count badge for a
// viewer with several connections (GET /api/stream/viewers). Loaded afresh each time it opens.
import { useQuery } from '@tanstack/react-query';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import { viewerConnections } from '../../domain/live-client/rules';
import type { ViewerEntry, ViewersAnswer } from '../../domain/live/wire';

export interface ViewersDialogProps {
  open: boolean;
  onClose: () => void;
  /** The app's call of GET /api/stream/viewers. */
  load: () => Promise<Pick<ViewersAnswer, 'userList'>>;
  /** The text an app shows for a failed call (each app reads its own API errors). */
  errorText: (error: unknown) => string;
  /** Above the publisher's full-screen view in the console. */
  zIndex?: number;
}

export function ViewersDialog({ open, onClose, load, errorText, zIndex }: ViewersDialogProps) {
  // Read each time the dialog opens (the list moves as viewers come and go), never from an older opening.
  const query = useQuery({ queryKey: ['live', 'viewers'], queryFn: async () => (await load()).userList, enabled: open, gcTime: 0, retry: false });
  const list: ViewerEntry[] | null = query.isFetching ? null : (query.data ?? null);
  const error = query.isError && !query.isFetching ? errorText(query.error) : null;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="live-viewers-title" data-testid="live-viewers-dialog" sx={zIndex === undefined ? undefined : { zIndex }}>
      <DialogTitle id="live-viewers-title" sx={{ pr: 6 }}>
        Live Stream Viewers
        <IconButton onClick={onClose} aria-label="Close" sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, minHeight: 120 }}>
        {error ? (
          <Typography color="error" sx={{ p: 2 }}>
            {error}
          </Typography>
        ) : !list ? (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
            <CircularProgress size={28} />
          </Box>
        ) : list.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No Records Found
          </Typography>
        ) : (
          <List dense>
            {list.map((v) => (
              <ListItem key={v._id} data-testid="live-viewer-row">
                <ListItemAvatar>
                  <Badge badgeContent={viewerConnections(v.count).badge} color="primary" overlap="circular" data-testid="live-viewer-connections">
                    <Avatar src={v.avatarUrl ?? undefined} alt="">
                      {v.name.slice(0, 1).toUpperCase()}
                    </Avatar>
                  </Badge>
                </ListItemAvatar>
                <ListItemText primary={v.name} secondary={viewerConnections(v.count).label} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
    </Dialog>
  );
}
