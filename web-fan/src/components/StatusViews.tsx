import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CloudOffRounded from '@mui/icons-material/CloudOffRounded';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import RefreshRounded from '@mui/icons-material/RefreshRounded';

export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 10 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** Centred column used by every page: ~600 px on desktop, full width on phones. */
export function Column({ children, width = 600 }: { children: ReactNode; width?: number }) {
  return (
    <Box sx={{ width: '100%', maxWidth: width, mx: 'auto', px: { xs: 0, sm: 2 }, py: { xs: 1.5, sm: 3 } }}>{children}</Box>
  );
}

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      data-testid="empty-state"
      sx={{ textAlign: 'center', py: 6, px: 3, mx: { xs: 1.5, sm: 0 }, borderStyle: 'dashed', bgcolor: 'transparent' }}
    >
      <Box sx={{ color: 'text.secondary', mb: 1.5, '& svg': { fontSize: 44 } }} aria-hidden>
        {icon ?? <PhotoLibraryOutlined />}
      </Box>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {children && (
        <Box sx={{ mt: 1, color: 'text.secondary' }}>
          {children}
        </Box>
      )}
    </Paper>
  );
}

export function ErrorState({ message, onRetry, title = 'Something went wrong' }: { message?: string; onRetry?: () => void; title?: string }) {
  return (
    <Paper
      variant="outlined"
      role="alert"
      data-testid="error-state"
      sx={{ textAlign: 'center', py: 6, px: 3, mx: { xs: 1.5, sm: 0 }, bgcolor: 'transparent' }}
    >
      <Box sx={{ color: 'error.main', mb: 1.5, '& svg': { fontSize: 44 } }} aria-hidden>
        <CloudOffRounded />
      </Box>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {message && message !== title && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {message}
        </Typography>
      )}
      {onRetry && (
        <Button variant="contained" onClick={onRetry} startIcon={<RefreshRounded />} sx={{ mt: 3 }} data-testid="retry-button">
          Retry
        </Button>
      )}
    </Paper>
  );
}

export function PostSkeleton() {
  return (
    <Paper
      variant="outlined"
      aria-hidden
      data-testid="post-skeleton"
      sx={{ mb: { xs: 1.5, sm: 3 }, overflow: 'hidden', borderRadius: { xs: 0, sm: 3 }, borderLeftWidth: { xs: 0, sm: 1 }, borderRightWidth: { xs: 0, sm: 1 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}>
        <Skeleton variant="circular" width={40} height={40} />
        <Box sx={{ flex: 1 }}>
          <Skeleton width="40%" />
          <Skeleton width="20%" />
        </Box>
      </Box>
      <Box sx={{ px: 2, pb: 1.5 }}>
        <Skeleton width="90%" />
        <Skeleton width="60%" />
      </Box>
      <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: '1 / 1' }} />
      <Box sx={{ display: 'flex', gap: 2, p: 2 }}>
        <Skeleton width={48} />
        <Skeleton width={48} />
      </Box>
    </Paper>
  );
}
