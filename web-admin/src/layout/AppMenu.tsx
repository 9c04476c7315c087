import { Collapse, Divider, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import { Menu, useBasename, usePermissions, useSidebarState, useStore } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { menuFor, type MenuEntry, type MenuGroupView } from './menu';
import { UnreadChatsBadge } from './UnreadChats';

const entry = (e: MenuEntry, basename: string) =>
  e.resource ? (
    <Menu.ResourceItem key={e.to} name={e.resource} data-testid={`menu-${e.resource}`} />
  ) : (
    <Menu.Item
      key={e.to}
      to={`${basename}${e.to}`}
      primaryText={e.label}
      leftIcon={e.testId === 'menu-chat' ? <UnreadChatsBadge icon={<e.icon />} /> : <e.icon />}
      data-testid={e.testId}
    />
  );

const groupHeaderSx = { lineHeight: '32px', mt: 1, bgcolor: 'transparent', textTransform: 'uppercase', fontSize: 11, letterSpacing: '.08em' } as const;

function groupItems(group: MenuGroupView, open: boolean, basename: string) {
  return group.sections.flatMap(section => [
    // A sub-group's name, lighter than the group's; the folded menu (icons only) shows none.
    ...(open && section.label
      ? [
          <ListSubheader
            key={`section-${group.label}-${section.label}`}
            component="div"
            disableSticky
            data-testid="menu-section"
            sx={{ lineHeight: '28px', mt: 0.5, bgcolor: 'transparent', fontSize: 12, fontWeight: 500 }}
          >
            {section.label}
          </ListSubheader>,
        ]
      : []),
    ...section.entries.map(e => entry(e, basename)),
  ]);
}

/** A group that starts folded (Advanced): one button unfolds it; it stays unfolded while a page of it is open. */
function CollapsedGroup({ group, open, basename }: { group: MenuGroupView; open: boolean; basename: string }) {
  const [unfolded, setUnfolded] = useStore(`menu.group.${group.label}.open`, false);
  const { pathname } = useLocation();
  const here = group.sections.some(s => s.entries.some(e => pathname === `${basename}${e.to}` || pathname.startsWith(`${basename}${e.to}/`)));
  const shown = unfolded || here;
  const slug = group.label.toLowerCase();
  return (
    <>
      <ListItemButton
        onClick={() => setUnfolded(!shown)}
        aria-expanded={shown}
        data-testid={`menu-group-${slug}`}
        sx={{ mt: 1, py: 0.5, ...(open ? {} : { px: 2 }) }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <TuneOutlinedIcon fontSize="small" />
        </ListItemIcon>
        {open ? <ListItemText primary={group.label} slotProps={{ primary: { sx: { ...groupHeaderSx, mt: 0 } } }} /> : null}
        {shown ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
      <Collapse in={shown} timeout="auto" data-testid={`menu-group-${slug}-items`}>
        {groupItems(group, open, basename)}
      </Collapse>
    </>
  );
}

/** The menu, grouped by area (Money also by sub-group), showing only what the signed-in role may use (see menu.ts). */
export function AppMenu() {
  const { permissions } = usePermissions();
  const [open] = useSidebarState();
  const basename = useBasename();
  return (
    <Menu data-testid="app-menu">
      <Menu.Item to={`${basename}/`} primaryText="Home" leftIcon={<HomeOutlinedIcon />} data-testid="menu-home" />
      {/* A flat array (MUI's menu list does not accept Fragments as children). */}
      {menuFor(permissions).flatMap(group =>
        group.collapsed
          ? [<CollapsedGroup key={`group-${group.label}`} group={group} open={open} basename={basename} />]
          : [
              open ? (
                <ListSubheader key={`group-${group.label}`} component="div" disableSticky sx={groupHeaderSx}>
                  {group.label}
                </ListSubheader>
              ) : (
                <Divider key={`group-${group.label}`} sx={{ my: 1 }} />
              ),
              ...groupItems(group, open, basename),
            ]
      )}
    </Menu>
  );
}
