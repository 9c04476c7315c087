// /tips-list (protected): the tips a fan sent, or everyone's for staff.
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useAuth, useIsProxy } from '../auth';
import { isStaff } from '../format';
import { Column } from '../components/StatusViews';
import { TipsList } from './TipsList';

export default function TipsListPage() {
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
