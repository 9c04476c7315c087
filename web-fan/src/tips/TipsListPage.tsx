// /tips-list (protected, spec 3 route table): the tips a fan sent, or everyone's for staff.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FAN_PAGES } from '../../../domain/access/pages';
import { useAuth, useIsProxy } from '../auth';
import { isStaff } from '../format';
import { Guard } from '../components/Guard';
import { Column } from '../components/StatusViews';
import { TipsList } from './TipsList';

/** The page's own rule when the shared page table has one; otherwise every signed-in role (like /membership). */
const PAGE = Object.hasOwn(FAN_PAGES, '/tips-list') ? '/tips-list' : '/membership';

function TipsListView() {
  const { me } = useAuth();
  const proxy = useIsProxy();
  const staff = isStaff(me) && !proxy;
  return (
    <Column width={560}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1.5, mx: { xs: 2, sm: 0 } }}>
        <Typography variant="h5" component="h1">
          {staff ? 'Tips' : 'Your tips'}
        </Typography>
        {!staff && !proxy && (
          <Button component={RouterLink} to="/tips" variant="contained" size="small" data-testid="tips-list-send">
            Send a tip
          </Button>
        )}
      </Box>
      <TipsList staff={staff} />
    </Column>
  );
}

export default function TipsListPage() {
  return (
    <Guard page={PAGE}>
      <TipsListView />
    </Guard>
  );
}
