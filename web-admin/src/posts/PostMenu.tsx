// The per-post admin menu: each item is offered only to roles the route
// table allows (rules.postActions → decideAccess) and only for posts it fits.
import { createContext, useContext, useState, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BlurOnIcon from '@mui/icons-material/BlurOn';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import RotateLeftIcon from '@mui/icons-material/RotateLeft';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import VideoSettingsIcon from '@mui/icons-material/VideoSettings';
import { usePermissions, useRefresh } from 'react-admin';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EditPostDialog } from './EditPostDialog';
import { errorText, useSay } from './parts';
import { postTagsKey, usePostTags } from './fullPost';
import { useQueryClient } from '../query';
import { deleteBlog, refreshBlur, rotateImage, sendVideoProcessRequest, setPostTags } from './postApi';
import { MESSAGES, POST_ACTION_LABELS, postActions, type PostAction } from './rules';
import { ReusePostDialog } from './ReusePostDialog';
import { ReviewPostDialog } from './ReviewPostDialog';
import { SelectTagsDialog } from './SelectTagsDialog';
import type { ConsolePost } from './types';

const ICONS: Record<PostAction, ReactNode> = {
  edit: <EditOutlinedIcon fontSize="small" />,
  tags: <LocalOfferOutlinedIcon fontSize="small" />,
  refreshBlur: <BlurOnIcon fontSize="small" />,
  rotateLeft: <RotateLeftIcon fontSize="small" />,
  rotateRight: <RotateRightIcon fontSize="small" />,
  reuse: <AutorenewIcon fontSize="small" />,
  delete: <DeleteOutlineIcon fontSize="small" color="error" />,
  videoProcess: <VideoSettingsIcon fontSize="small" />,
  review: <RateReviewOutlinedIcon fontSize="small" />,
};

/** Clicks inside the menu and its dialogs must not reach a clickable row around it. */
const stop = (e: SyntheticEvent) => e.stopPropagation();

interface Job {
  action: PostAction;
  record: ConsolePost;
  mediaIndex: number;
  onDeleted?: () => void;
}

const HostContext = createContext<((job: Job) => void) | null>(null);

/**
 * Hosts the menu's dialogs for a whole list, outside its responsive rows: a dialog stays open when the list
 * switches between its phone and desktop layouts.
 */
export function PostActionsHost({ children }: { children: ReactNode }) {
  const [job, setJob] = useState<Job | null>(null);
  return (
    <HostContext.Provider value={setJob}>
      {children}
      {job ? <PostActionDialogs job={job} onClose={() => setJob(null)} /> : null}
    </HostContext.Provider>
  );
}

export function PostMenu({
  record,
  mediaIndex = 0,
  onDeleted,
}: {
  record: ConsolePost;
  /** The media item on show (rotation acts on it). */
  mediaIndex?: number;
  /** After a delete; default: refresh the list. */
  onDeleted?: () => void;
}) {
  const { permissions } = usePermissions();
  const refresh = useRefresh();
  const say = useSay();
  const host = useContext(HostContext);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [local, setLocal] = useState<Job | null>(null);
  const [working, setWorking] = useState(false);
  const actions = postActions(permissions, record, mediaIndex);
  if (actions.length === 0) return null;

  const runNow = async (action: () => Promise<string>) => {
    setWorking(true);
    try {
      say(await action(), 'success');
      refresh();
    } catch (e) {
      say(errorText(e, 'Something went wrong'), 'error');
    } finally {
      setWorking(false);
    }
  };

  const choose = (action: PostAction) => {
    setAnchor(null);
    if (action === 'refreshBlur') return void runNow(() => refreshBlur(record.id));
    if (action === 'videoProcess') return void runNow(() => sendVideoProcessRequest(record.id));
    const job = { action, record, mediaIndex, onDeleted };
    if (host) host(job);
    else setLocal(job);
  };

  return (
    <span onClick={stop} onKeyDown={stop} data-testid="post-menu-root">
      <Tooltip title="Post menu">
        <IconButton
          aria-label="Post menu"
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          onClick={(e: MouseEvent<HTMLElement>) => {
            e.preventDefault();
            e.stopPropagation();
            setAnchor(e.currentTarget);
          }}
          disabled={working}
          data-testid="post-menu"
          size="small"
        >
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {actions.map(action => (
          <MenuItem key={action} onClick={() => choose(action)} data-testid={`post-action-${action}`} sx={action === 'delete' ? { color: 'error.main' } : undefined}>
            <ListItemIcon>{ICONS[action]}</ListItemIcon>
            <ListItemText>{POST_ACTION_LABELS[action]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {local ? <PostActionDialogs job={local} onClose={() => setLocal(null)} /> : null}
    </span>
  );
}

/** The dialog of one chosen menu item. */
function PostActionDialogs({ job, onClose }: { job: Job; onClose: () => void }) {
  const refresh = useRefresh();
  const say = useSay();
  const { action, record, mediaIndex } = job;
  const [working, setWorking] = useState(false);
  const client = useQueryClient();
  // The dialog copies the ticked tags once, when it opens: it waits for this opening's read.
  const { tags, reading } = usePostTags(record, action === 'tags');
  const tagIds = tags === undefined || reading ? null : tags === 'unknown' ? [] : tags.map(t => String(t._id ?? t.id));
  const tagsUnknown = tags === 'unknown';

  const run = async (call: () => Promise<string>, fallback: string, after: () => void = refresh) => {
    setWorking(true);
    try {
      say(await call(), 'success');
      onClose();
      after();
    } catch (e) {
      say(errorText(e, fallback), 'error');
    } finally {
      setWorking(false);
    }
  };

  return (
    <span onClick={stop} onKeyDown={stop}>
      {action === 'edit' ? <EditPostDialog postId={record.id} open onClose={onClose} onDone={refresh} /> : null}
      {action === 'reuse' ? <ReusePostDialog postId={record.id} open onClose={onClose} onDone={refresh} /> : null}
      {action === 'review' ? <ReviewPostDialog postId={record.id} open onClose={onClose} onDone={refresh} /> : null}
      {action === 'tags' && tagIds !== null ? (
        <SelectTagsDialog
          open
          title="Add / remove Tags"
          selected={tagIds}
          note={tagsUnknown ? "The post's current tags could not be read: Update sets exactly the tags ticked here." : undefined}
          busy={working}
          onClose={onClose}
          onUpdate={ids => run(() => setPostTags(record.id, ids), 'Something went wrong', () => {
            void client.invalidateQueries({ queryKey: postTagsKey(record.id) });
            refresh();
          })}
        />
      ) : null}
      <ConfirmDialog
        open={action === 'rotateLeft' || action === 'rotateRight'}
        title={action === 'rotateLeft' ? 'Rotate Image Left' : 'Rotate Image Right'}
        content={MESSAGES.rotateConfirm}
        confirmLabel="Rotate"
        loading={working}
        onConfirm={() => run(() => rotateImage(record.id, action === 'rotateLeft' ? -90 : 90, mediaIndex), MESSAGES.rotateFailed)}
        onClose={onClose}
        testId="rotate-dialog"
      />
      <ConfirmDialog
        open={action === 'delete'}
        title="Delete Post"
        content={MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        danger
        loading={working}
        onConfirm={() => run(() => deleteBlog(record.id), 'Something went wrong', job.onDeleted ?? refresh)}
        onClose={onClose}
        testId="delete-post-dialog"
      />
    </span>
  );
}
