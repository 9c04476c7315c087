// The chat list's row menu (View Purchased, Update Nickname, Block User, Mute or Unmute mass messages,
// Mark As Unread; who gets which: domain/chat/roles.ts chatRowActions, and the route table), and Allow or Disallow
// chatting while normal chat is off for the roles that may call update_allow_user_to_chat.
import { useState, type ReactElement } from 'react';
import {
  Button,
  CircularProgress,
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
  TextField,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BlockIcon from '@mui/icons-material/Block';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import MarkChatUnreadOutlinedIcon from '@mui/icons-material/MarkChatUnreadOutlined';
import SpeakerNotesIcon from '@mui/icons-material/SpeakerNotes';
import SpeakerNotesOffIcon from '@mui/icons-material/SpeakerNotesOff';
import { useBasename } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ChatUserListEntry } from '../../../domain/chat/wire';
import type { Role } from '../../../domain/shared/wire';
import { chatRowActions, type ChatRowAction, type ChatRowFeatures } from '../../../domain/chat/roles';
import { mayCall, mayOpenPage } from '../access';
import { useSay } from '../posts/parts';
import { problemText } from './useChat';
import { NICKNAME_MAX, STAFF_CHAT_ROUTES, STAFF_TEXTS, staffChatApi } from './staffApi';
import { api } from '../api';

/** A row action: the domain's, and allowing the fan to chat while normal chat is off. */
type RowAction = ChatRowAction | 'allow_chat';

const PURCHASED_PAGE = '/admin/purchased-contents/:userId';

/** The actions this role gets on this row: the role rule, the feature switches and the route table together. */
export function rowActionsFor(role: unknown, features: ChatRowFeatures, user: ChatUserListEntry): RowAction[] {
  const r = typeof role === 'string' ? (role as Role) : null;
  // Allowing matters only while normal chat is off; a fan already allowed can still be disallowed when it is on.
  const allowShown = (features.normalChatOff || !!user.is_allowed_to_chat) && mayCall(role, STAFF_CHAT_ROUTES.allowToChat);
  const actions: RowAction[] = chatRowActions(r, features, user).filter((a) => {
    if (a === 'view_purchased') return mayOpenPage(role, PURCHASED_PAGE);
    if (a === 'update_nickname') return mayCall(role, STAFF_CHAT_ROUTES.nickname);
    if (a === 'block') return mayCall(role, STAFF_CHAT_ROUTES.block);
    if (a === 'mute') return mayCall(role, STAFF_CHAT_ROUTES.mute);
    return mayCall(role, STAFF_CHAT_ROUTES.markUnread);
  });
  return allowShown ? [...actions, 'allow_chat'] : actions;
}

export interface RowMenuProps {
  role: unknown;
  user: ChatUserListEntry;
  features: ChatRowFeatures;
  /** The row changed (nickname, mute, unread) or left the list (blocked). */
  onPatch: (id: string, patch: Partial<ChatUserListEntry>) => void;
  onRemoved: (id: string) => void;
}

export function RowMenu({ role, user, features, onPatch, onRemoved }: RowMenuProps) {
  const actions = rowActionsFor(role, features, user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'nickname' | 'block' | null>(null);
  const [busy, setBusy] = useState(false);
  const [nickname, setNickname] = useState('');
  const say = useSay();
  const navigate = useNavigate();
  const basename = useBasename();
  if (actions.length === 0) return null;

  const close = () => setAnchor(null);
  const run = async (work: () => Promise<unknown>, fallback: string) => {
    setBusy(true);
    try {
      await work();
      return true;
    } catch (e) {
      say(problemText(e, fallback), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const choose = async (a: RowAction) => {
    close();
    if (a === 'allow_chat') {
      const allow = !user.is_allowed_to_chat;
      await run(async () => {
        await api('/api/chat/update_allow_user_to_chat', { body: { user_id: user._id, is_allowed: allow } });
        say(allow ? `${user.name} may chat.` : `${user.name} may no longer chat.`, 'success');
        onPatch(user._id, { is_allowed_to_chat: allow });
      }, 'Could not change who may chat.');
      return;
    }
    if (a === 'view_purchased') navigate(`${basename}/purchased-contents/${encodeURIComponent(user._id)}`);
    else if (a === 'update_nickname') {
      setNickname(user.nick_name ?? '');
      setDialog('nickname');
    } else if (a === 'block') setDialog('block');
    else if (a === 'mute') {
      const mute = !user.mute_mass_message;
      await run(async () => {
        say((await staffChatApi.mute(user._id, mute)) || (mute ? 'Mass messages muted for user.' : 'Mass messages unmuted for user.'), 'success');
        onPatch(user._id, { mute_mass_message: mute });
      }, STAFF_TEXTS.muteError);
    } else if (a === 'mark_unread') {
      await run(async () => {
        const unread = await staffChatApi.markUnread(user._id);
        onPatch(user._id, { unreadcount: typeof unread === 'number' ? unread : 1 });
        say('Chat marked as unread.', 'success');
        // The conversation was open: leave it, or opening it again would read it.
        navigate(`${basename}/private-chat`);
      }, STAFF_TEXTS.markUnreadError);
    }
  };

  const trimmed = nickname.trim();
  const nicknameProblem = trimmed.length > NICKNAME_MAX ? STAFF_TEXTS.nicknameTooLong : undefined;
  const saveNickname = async () => {
    if (nicknameProblem) return;
    const ok = await run(async () => {
      await staffChatApi.setNickname(user._id, trimmed);
      say(STAFF_TEXTS.nicknameUpdated, 'success');
      onPatch(user._id, { nick_name: trimmed || null });
    }, STAFF_TEXTS.nicknameError);
    if (ok) setDialog(null);
  };
  const blocked = !!user.is_blocked;
  const confirmBlock = async () => {
    const ok = await run(async () => {
      say((await staffChatApi.block(user._id, !blocked)) || (blocked ? 'User unblocked.' : 'User blocked.'), 'success');
      if (blocked) onPatch(user._id, { is_blocked: false, should_hide_in_chat: false });
      else {
        onRemoved(user._id);
        navigate(`${basename}/private-chat`);
      }
    }, STAFF_TEXTS.blockError);
    if (ok) setDialog(null);
  };

  const LABEL: Record<RowAction, { text: string; icon: ReactElement }> = {
    allow_chat: user.is_allowed_to_chat
      ? { text: 'Disallow to chat', icon: <SpeakerNotesOffIcon fontSize="small" /> }
      : { text: 'Allow to chat', icon: <SpeakerNotesIcon fontSize="small" /> },
    view_purchased: { text: 'View Purchased', icon: <ReceiptLongIcon fontSize="small" /> },
    update_nickname: { text: 'Update Nickname', icon: <BadgeOutlinedIcon fontSize="small" /> },
    block: { text: blocked ? 'Unblock User' : 'Block User', icon: <BlockIcon fontSize="small" /> },
    mute: user.mute_mass_message
      ? { text: 'Unmute mass messages', icon: <VolumeUpIcon fontSize="small" /> }
      : { text: 'Mute mass messages', icon: <VolumeOffIcon fontSize="small" /> },
    mark_unread: { text: 'Mark As Unread', icon: <MarkChatUnreadOutlinedIcon fontSize="small" /> },
  };

  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${user.name}`}
        aria-haspopup="menu"
        data-testid="chat-row-menu"
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
        onMouseDown={(e) => e.stopPropagation()}
        disabled={busy}
        sx={{ flexShrink: 0, mt: -0.5, mr: -0.75 }}
      >
        {busy ? <CircularProgress size={16} /> : <MoreVertIcon fontSize="small" />}
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close} onClick={(e) => e.stopPropagation()}>
        {actions.map((a) => (
          <MenuItem key={a} onClick={() => void choose(a)} data-testid={`chat-row-${a}`}>
            <ListItemIcon>{LABEL[a].icon}</ListItemIcon>
            <ListItemText>{LABEL[a].text}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      <Dialog open={dialog === 'nickname'} onClose={() => setDialog(null)} onClick={(e) => e.stopPropagation()} fullWidth maxWidth="xs">
        <DialogTitle>Update Nickname</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Nickname"
            value={nickname}
            onChange={(e) => setNickname(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void saveNickname()}
            error={!!nicknameProblem}
            helperText={nicknameProblem ?? `${user.name}: at most ${NICKNAME_MAX} characters; empty removes it.`}
            slotProps={{ htmlInput: { 'data-testid': 'chat-nickname-input' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>Cancel</Button>
          <Button variant="contained" onClick={() => void saveNickname()} disabled={busy || !!nicknameProblem} data-testid="chat-nickname-save">
            Save
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={dialog === 'block'} onClose={() => setDialog(null)} onClick={(e) => e.stopPropagation()} fullWidth maxWidth="xs">
        <DialogTitle>{blocked ? 'Unblock User' : 'Block User'}</DialogTitle>
        <DialogContent>
          <DialogContentText>{blocked ? `Unblock ${user.name}? They can sign in again and return to the chat list.` : STAFF_TEXTS.blockConfirm}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>Cancel</Button>
          <Button variant="contained" color={blocked ? 'primary' : 'error'} onClick={() => void confirmBlock()} disabled={busy} data-testid="chat-block-confirm">
            {blocked ? 'Unblock' : 'Block'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
