// Staff actions on one chat message (spec 3 §2.1, §6): delete from the subscriber / from all (admin-side senders but
// live_stream_manager), copy to clipboard with a 2-second toast (spec 1 §9), and the chat bubble colours of the chat
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

/** The "…" menu beside a message's time: Delete from subscriber, Delete from all. */
export function MessageActionsButton({ m, onDelete }: { m: ShownMessage; onDelete: (m: ShownMessage, scope: DeleteScope) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (scope: DeleteScope) => {
    setAnchor(null);
    onDelete(m, scope);
  };
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
      </Menu>
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
