// The console's page for an address it does not know: a plain sentence and a way back to the dashboard.
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { Title } from 'react-admin';

export function NotFound() {
  return (
    <Box sx={{ textAlign: 'center', px: 3, py: { xs: 6, sm: 10 } }} data-testid="console-not-found">
      <Title title="Page not found" />
      <Typography variant="h5" component="h1">Page not found</Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        This console page does not exist. Check the address, or pick a page from the menu.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }} data-testid="console-not-found-home">
        Back to the dashboard
      </Button>
    </Box>
  );
}
