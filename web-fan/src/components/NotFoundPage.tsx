import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export default function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', px: 3, py: { xs: 8, sm: 12 } }} data-testid="not-found">
      <Typography
        component="p"
        aria-hidden
        sx={{ fontSize: { xs: 88, sm: 128 }, fontWeight: 800, lineHeight: 1, color: 'primary.main', letterSpacing: -4 }}
      >
        404
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Oops... You just found an error page...
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        The page you are looking for does not exist or was moved.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" sx={{ mt: 4 }} data-testid="go-home">
        Go To Home
      </Button>
    </Box>
  );
}
