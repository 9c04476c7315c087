// A digital line's "Download" on the buyer's order page and purchases page: how many downloads are left and until
// when; a click counts one download and opens the file's short-lived link. A refused download says why.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FileDownloadRounded from '@mui/icons-material/FileDownloadRounded';
import { errorMessage } from '../api';
import { shortDate } from '../format';
import { shopApi, type Download } from './shopApi';

/** Saves the file through a link the browser follows (the file is served by this site, so `download` applies). */
function save(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export function DownloadButton({ orderId, lineNo, download, title }: { orderId: string; lineNo: number; download: Download; title: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [left, setLeft] = useState<Download | null>(null);
  const d = left ?? download;
  const onClick = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await shopApi.download(orderId, lineNo);
      setLeft(answer.download);
      save(answer.url, answer.file_name);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ mt: 1 }} data-testid="order-download">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="small"
          startIcon={<FileDownloadRounded />}
          disabled={busy || !!d.refused}
          onClick={() => void onClick()}
          aria-label={`Download ${title}`}
          data-testid="download-button"
        >
          Download
        </Button>
        <Typography variant="body2" color="text.secondary" data-testid="download-remaining">
          {d.remaining} of {d.limit} downloads left{d.expires_at && !d.refused ? ` · until ${shortDate(d.expires_at)}` : ''}
        </Typography>
      </Box>
      {(error ?? d.refused) && (
        <Typography variant="body2" color="error.main" sx={{ mt: 0.5, fontWeight: 600 }} data-testid="download-refused">
          {error ?? d.refused}
        </Typography>
      )}
    </Box>
  );
}
