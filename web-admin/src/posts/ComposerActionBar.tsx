// The composer's sticky action bar: what the post will be (or the upload's overall progress while posting) and Post.
import { useMemo, useSyncExternalStore } from 'react';
import { Box, Button, CircularProgress, LinearProgress, Paper, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { uploadProgress } from '../upload';

/** Overall upload progress of the running jobs, as "done count / total / mean percent". */
function useOverallProgress(keys: readonly string[]) {
  const snapshot = useSyncExternalStore(uploadProgress.subscribe, () => {
    let sum = 0;
    let done = 0;
    for (const k of keys) {
      const s = uploadProgress.get(k);
      sum += s?.percent ?? 0;
      if (s?.status === 'done') done++;
    }
    return `${done}/${keys.length}/${keys.length ? Math.round(sum / keys.length) : 0}`;
  });
  return useMemo(() => {
    const [done, total, percent] = snapshot.split('/').map(Number);
    return { done, total, percent };
  }, [snapshot]);
}

export function ActionBar({ busy, jobKeys, summary }: { busy: boolean; jobKeys: string[]; summary: string }) {
  const { done, total, percent } = useOverallProgress(jobKeys);
  return (
    <Paper
      variant="outlined"
      sx={{
        position: 'sticky',
        bottom: { xs: 8, sm: 16 },
        mt: 2,
        p: { xs: 1.5, sm: 2 },
        zIndex: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        boxShadow: 3,
      }}
    >
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }} aria-live="polite">
        {busy && total > 0 ? (
          <>
            <Typography variant="body2" data-testid="upload-summary">
              Uploading {Math.min(done + 1, total)} of {total} · {percent}%
            </Typography>
            <LinearProgress variant="determinate" value={percent} sx={{ mt: 0.5, borderRadius: 1 }} />
          </>
        ) : busy ? (
          <Typography variant="body2">Posting…</Typography>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="composer-summary">
            {summary}
          </Typography>
        )}
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <SendIcon />}
        data-testid="composer-submit"
        sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, minWidth: 140 }}
      >
        Post
      </Button>
    </Paper>
  );
}
