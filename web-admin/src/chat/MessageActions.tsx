// Staff actions on one chat message: delete from the subscriber / from all (admin-side senders but
// live_stream_manager), copy to clipboard with a 2-second toast, and the chat bubble colours of the chat
// settings (domain/settings/chat-settings.ts).
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
} from '@mui/material';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import RotateLeftIcon from '@mui/icons-material/RotateLeft';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import BlurOnIcon from '@mui/icons-material/BlurOn';
import VideoSettingsIcon from '@mui/icons-material/VideoSettings';
import { useNotify } from 'react-admin';
import type { ChatSettings } from '../../../domain/settings/chat-settings';
import { problemText, type ShownMessage } from './useChat';
import { STAFF_TEXTS, staffChatApi } from './staffApi';
import { MESSAGES } from './rules';

export type DeleteScope = 'user' | 'all';

/** Copies a text and says so for 2 seconds. */
export function useCopy() {
  const notify = useNotify();
  return async (text: string) => {
    try {
      if (navigator.clipboard?.writeText) await navigator.clipboard.writeText(text);
      else throw new Error('no clipboard');
    } catch {
      const area = document.createElement('textarea');
      area.value = text;
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    notify(MESSAGES.copied, { type: 'success', autoHideDuration: 2000, messageArgs: { _: MESSAGES.copied } });
  };
}

/** Which media operations the role may run on chat messages (the route table). */
export interface MediaOps {
  rotate: boolean;
  refreshBlur: boolean;
  reprocess: boolean;
}

/**
 * The "…" menu beside a message's time: Delete from subscriber, Delete from all, and on media messages Rotate left /
 * right (the first photo, after 'Are you sure you want to rotate this image?'), Refresh blur image and Send video
 * process request.
 */
export function MessageActionsButton({
  m,
  onDelete,
  ops = { rotate: false, refreshBlur: false, reprocess: false },
  onChanged,
}: {
  m: ShownMessage;
  onDelete: (m: ShownMessage, scope: DeleteScope) => void;
  ops?: MediaOps;
  onChanged?: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [rotating, setRotating] = useState<-90 | 90 | null>(null);
  const notify = useNotify();
  const pick = (scope: DeleteScope) => {
    setAnchor(null);
    onDelete(m, scope);
  };
  const photos = m.media.filter(x => x.content_type !== 'video').length;
  const videos = m.media.filter(x => x.content_type === 'video').length;
  const run = async (work: () => Promise<string | undefined>, fallback: string, done: string) => {
    setAnchor(null);
    try {
      notify((await work()) || done, { type: 'success' });
      onChanged?.();
    } catch (e) {
      notify(problemText(e, fallback), { type: 'error' });
    }
  };
  const firstPhoto = m.media.findIndex(x => x.content_type !== 'video');
  return (
    <>
      <Tooltip title="Message actions">
        <IconButton size="small" aria-label="Message actions" data-testid="chat-message-actions" onClick={(e) => setAnchor(e.currentTarget)} sx={{ p: 0.25 }}>
          <MoreHorizIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {!m.deletedForUser ? (
          <MenuItem onClick={() => pick('user')} data-testid="chat-delete-from-user">
            <ListItemIcon>
              <PersonRemoveOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Delete from subscriber</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem onClick={() => pick('all')} data-testid="chat-delete-from-all">
          <ListItemIcon>
            <DeleteForeverOutlinedIcon fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText>Delete from all</ListItemText>
        </MenuItem>
        {ops.rotate && photos > 0
          ? ([-90, 90] as const).map(angle => (
              <MenuItem
                key={angle}
                onClick={() => {
                  setAnchor(null);
                  setRotating(angle);
                }}
                data-testid={`chat-rotate-${angle < 0 ? 'left' : 'right'}`}
              >
                <ListItemIcon>{angle < 0 ? <RotateLeftIcon fontSize="small" /> : <RotateRightIcon fontSize="small" />}</ListItemIcon>
                <ListItemText>{angle < 0 ? 'Rotate image left' : 'Rotate image right'}</ListItemText>
              </MenuItem>
            ))
          : null}
        {ops.refreshBlur && m.media.length > 0 ? (
          <MenuItem onClick={() => void run(() => staffChatApi.refreshBlur(m._id), STAFF_TEXTS.refreshBlurError, 'Blur image refreshed.')} data-testid="chat-refresh-blur">
            <ListItemIcon>
              <BlurOnIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Refresh blur image</ListItemText>
          </MenuItem>
        ) : null}
        {ops.reprocess && videos > 0 ? (
          <MenuItem onClick={() => void run(() => staffChatApi.videoProcess(m._id), STAFF_TEXTS.videoProcessError, STAFF_TEXTS.videoProcessSent)} data-testid="chat-video-process">
            <ListItemIcon>
              <VideoSettingsIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Send video process request</ListItemText>
          </MenuItem>
        ) : null}
      </Menu>
      <Dialog open={rotating !== null} onClose={() => setRotating(null)} fullWidth maxWidth="xs">
        <DialogTitle>{rotating === -90 ? 'Rotate image left' : 'Rotate image right'}</DialogTitle>
        <DialogContent>
          <DialogContentText>{STAFF_TEXTS.rotateConfirm}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRotating(null)}>Cancel</Button>
          <Button
            variant="contained"
            data-testid="chat-rotate-confirm"
            onClick={() => {
              const angle = rotating ?? 90;
              setRotating(null);
              void run(() => staffChatApi.rotate(m._id, m.userId, angle, Math.max(0, firstPhoto)), STAFF_TEXTS.rotateError, 'Image rotated successfully.');
            }}
          >
            Rotate
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Confirms and runs a delete; the list updates at once and the frame tells every other screen. */
export function DeleteMessageDialog({
  target,
  onClose,
  onDone,
  say,
}: {
  target: { m: ShownMessage; scope: DeleteScope } | null;
  onClose: () => void;
  onDone: (id: string, scope: DeleteScope) => void;
  say: (message: string, type: 'success' | 'error') => void;
}) {
  const [busy, setBusy] = useState(false);
  const all = target?.scope === 'all';
  const run = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const message = await staffChatApi.deleteMessage(target.m._id, target.scope);
      say(message || (all ? 'Message deleted from all users.' : 'Message deleted from subscriber.'), 'success');
      onDone(target.m._id, target.scope);
    } catch (e) {
      say(problemText(e, all ? STAFF_TEXTS.deleteFromAllError : STAFF_TEXTS.deleteFromUserError), 'error');
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={Boolean(target)} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{all ? 'Delete from all' : 'Delete from subscriber'}</DialogTitle>
      <DialogContent>
        <DialogContentText>{all ? STAFF_TEXTS.deleteFromAllConfirm : STAFF_TEXTS.deleteFromUserConfirm}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="error" onClick={() => void run()} disabled={busy} data-testid="chat-delete-confirm">
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Bubble colours: the chat settings' when set, else the theme's. */
export function bubbleColours(s: Partial<ChatSettings> | undefined, kind: 'staff' | 'fan' | 'tip') {
  const bg = kind === 'staff' ? s?.staff_bubble_color : kind === 'fan' ? s?.fan_bubble_color : s?.tip_bubble_color;
  const fg = kind === 'staff' ? s?.staff_text_color : kind === 'fan' ? s?.fan_text_color : s?.tip_text_color;
  return { ...(bg ? { bgcolor: bg } : {}), ...(fg ? { color: fg } : {}) };
}
