// The miscellaneous announcement popup (the misc_pop_up setting): the creator's message to the audience
// they chose, shown once per revision in this browser (closing it remembers the revision; a new text shows again).
import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import { showsMiscPopUp } from '../../../domain/settings/shell';
import { useAuth, useIsProxy } from '../auth';
import { isMember } from '../format';
import { sanitizeHtml } from '../sanitize';

const CLOSED_KEY = 'fanclub.miscPopupClosed';
const readClosed = (): number | null => {
  try {
    const v = localStorage.getItem(CLOSED_KEY);
    return v === null ? null : Number(v);
  } catch {
    return null;
  }
};

export default function MiscPopup() {
  const { me, settings, token, loadingMe } = useAuth();
  const proxy = useIsProxy();
  const [closed, setClosed] = useState(readClosed);
  const p = settings?.shell?.misc_pop_up ?? null;
  const html = useMemo(() => (p?.html ? sanitizeHtml(p.html) : ''), [p?.html]);
  if (!p || (token && (loadingMe || !me))) return null;
  const role = proxy ? 'proxy_user' : (me?.role ?? null);
  if (!showsMiscPopUp(p, { role, member: isMember(me), dismissedRevision: closed })) return null;
  const close = () => {
    try {
      localStorage.setItem(CLOSED_KEY, String(p.revision));
    } catch { /* private mode: closed for this page */ }
    setClosed(p.revision);
  };
  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth aria-labelledby={p.title ? 'misc-popup-title' : undefined} slotProps={{ paper: { 'data-testid': 'misc-popup' } as object }}>
      {p.title && <DialogTitle id="misc-popup-title">{p.title}</DialogTitle>}
      {html && (
        <DialogContent>
          <Box data-testid="misc-popup-html" sx={{ lineHeight: 1.7, overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' }, '& a': { color: 'primary.main' } }} dangerouslySetInnerHTML={{ __html: html }} />
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={close} data-testid="misc-popup-close">Close</Button>
      </DialogActions>
    </Dialog>
  );
}
