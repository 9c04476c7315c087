// The help centre's popups, apart from its pages so the shell can load them up front
// while the pages (HelpPages.tsx) load only when opened: the popup an item opens from the help list, and the
// shell's popup, which opens the oldest unread popup item by itself once per visit.
import { useEffect, useState } from 'react';
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

/** One help item in a dialog; closing it marks it read. */
export function HelpPopup({ staff, id, onClose }: { staff: boolean; id: string; onClose?: () => void }) {
  const [item, setItem] = useState<HelpItem | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    api.get<HelpItem>(`${apiBase(staff)}/details/${encodeURIComponent(id)}`).then((r) => setItem(r.data), () => setItem(null));
  }, [staff, id]);
  if (!item) return null;
  const close = async () => {
    await markRead(staff, id).catch(() => undefined);
    setItem(null);
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

/** The shell's help popup: the oldest unread popup item opens once per visit. */
export function HelpPopupHost({ staff, on }: { staff: boolean; on: boolean }) {
  const [id, setId] = useState<string | null>(null);
  useEffect(() => {
    if (!on) return;
    let live = true;
    api.get<{ popups: HelpItem[]; unread_count: number }>(`${apiBase(staff)}/popup-with-notification-count`).then((r) => {
      if (!live) return;
      setHelpUnread(r.data.unread_count);
      if (r.data.popups[0] && !sessionStorage.getItem(`fanclub.helpPopup.${r.data.popups[0]._id}`)) setId(r.data.popups[0]._id);
    }, () => undefined);
    return () => { live = false; };
  }, [staff, on]);
  if (!id) return null;
  return <ShellPopup staff={staff} id={id} onDone={() => { sessionStorage.setItem(`fanclub.helpPopup.${id}`, '1'); setId(null); void refreshHelpUnread(); }} />;
}

function ShellPopup({ staff, id, onDone }: { staff: boolean; id: string; onDone: () => void }) {
  const [item, setItem] = useState<HelpItem | null>(null);
  useEffect(() => { api.get<HelpItem>(`${apiBase(staff)}/details/${encodeURIComponent(id)}`).then((r) => setItem(r.data), () => onDone()); }, [staff, id]); // eslint-disable-line react-hooks/exhaustive-deps
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
