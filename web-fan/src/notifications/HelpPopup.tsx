// The help centre's popups, apart from its pages so the shell can load them up front
// while the pages (HelpPages.tsx) load only when opened: the popup an item opens from the help list, and the
// shell's popup, which opens the oldest unread popup item by itself once per visit.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { api } from '../api';
import { sanitizeHtml } from '../sanitize';
import { refreshHelpUnread, setHelpUnread } from './counts';

export interface HelpItem { _id: string; title: string; description: string; tags: string[]; is_popup: boolean; is_read: boolean; created: string }

export const base = (staff: boolean) => (staff ? '/help' : '/user-help');
export const apiBase = (staff: boolean) => (staff ? '/api/help' : '/api/user-help');

export function Html({ html }: { html: string }) {
  return <Box data-testid="help-html" sx={{ lineHeight: 1.7, '& img': { maxWidth: '100%', height: 'auto' }, '& a': { color: 'primary.main' }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}

export async function markRead(staff: boolean, id: string) {
  const r = await api.get<{ unread_count: number }>(`${apiBase(staff)}/read/${encodeURIComponent(id)}`);
  setHelpUnread(r.data.unread_count);
}

/** A help item, read once per screen (the dialogs share it with the details page's cache). */
const useHelpItem = (staff: boolean, id: string) =>
  useQuery({ queryKey: ['help', 'details', staff, id], queryFn: async () => (await api.get<HelpItem>(`${apiBase(staff)}/details/${encodeURIComponent(id)}`)).data });

/** One help item in a dialog; closing it marks it read. */
export function HelpPopup({ staff, id, onClose }: { staff: boolean; id: string; onClose?: () => void }) {
  const query = useHelpItem(staff, id);
  const [closed, setClosed] = useState(false);
  const navigate = useNavigate();
  const item = closed ? null : query.data;
  if (!item) return null;
  const close = async () => {
    await markRead(staff, id).catch(() => undefined);
    setClosed(true);
    onClose?.();
    navigate(base(staff), { replace: true });
  };
  return (
    <Dialog open onClose={() => void close()} data-testid="help-popup" fullWidth maxWidth="sm">
      <DialogTitle>{item.title}</DialogTitle>
      <DialogContent><Html html={item.description} /></DialogContent>
      <DialogActions><Button onClick={() => void close()} variant="contained" data-testid="help-popup-close">Got it</Button></DialogActions>
    </Dialog>
  );
}

const seenKey = (id: string) => `fanclub.helpPopup.${id}`;

/** The shell's help popup: the oldest unread popup item opens once per visit. */
export function HelpPopupHost({ staff, on }: { staff: boolean; on: boolean }) {
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['help', 'popups', staff],
    queryFn: async () => {
      const r = await api.get<{ popups: HelpItem[]; unread_count: number }>(`${apiBase(staff)}/popup-with-notification-count`);
      setHelpUnread(r.data.unread_count);
      return r.data.popups;
    },
    enabled: on,
  });
  const first = on ? query.data?.[0] : undefined;
  const id = first && first._id !== done && !sessionStorage.getItem(seenKey(first._id)) ? first._id : null;
  if (!id) return null;
  return <ShellPopup staff={staff} id={id} onDone={() => { sessionStorage.setItem(seenKey(id), '1'); setDone(id); void refreshHelpUnread(); }} />;
}

function ShellPopup({ staff, id, onDone }: { staff: boolean; id: string; onDone: () => void }) {
  const query = useHelpItem(staff, id);
  // An item that cannot be read is passed over for this visit.
  const failed = query.isError;
  useEffect(() => {
    if (failed) onDone();
  }, [failed]); // eslint-disable-line react-hooks/exhaustive-deps
  const item = query.data;
  if (!item) return null;
  const close = async () => { await markRead(staff, id).catch(() => undefined); onDone(); };
  return (
    <Dialog open onClose={() => void close()} data-testid="help-popup" fullWidth maxWidth="sm">
      <DialogTitle>{item.title}</DialogTitle>
      <DialogContent><Html html={item.description} /></DialogContent>
      <DialogActions><Button onClick={() => void close()} variant="contained" data-testid="help-popup-close">Got it</Button></DialogActions>
    </Dialog>
  );
}
