// The bell's dropdown: one entry per notification type with its unread count; an entry opens its page.
import { useNavigate } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { BellType } from './counts';

import { notificationPath } from './paths';

export { notificationPath };

export default function BellMenu({ types, staff, anchor, onClose }: { types: BellType[]; staff: boolean; anchor: HTMLElement | null; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Menu id="bell-menu" anchorEl={anchor} open={!!anchor} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
      {types.map((t) => (
        <MenuItem
          key={t.type}
          data-testid={`bell-${t.type}`}
          onClick={() => {
            onClose();
            navigate(notificationPath(t.type, staff));
          }}
          sx={{ minWidth: 220 }}
        >
          <ListItemText primary={t.label} />
          {t.unread > 0 && <Chip size="small" color="error" label={t.badge} data-testid={`bell-${t.type}-count`} sx={{ ml: 2, fontWeight: 700 }} />}
        </MenuItem>
      ))}
    </Menu>
);
}
