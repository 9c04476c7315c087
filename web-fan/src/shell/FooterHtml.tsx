// The creator's footer HTML, cleaned (../sanitize.ts). Its own chunk: the HTML cleaner is only needed when the
// creator has written a footer, so the shell loads it then instead of with every first visit.
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { sanitizeHtml } from '../sanitize';

export default function FooterHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Box sx={{ '& a': { color: 'primary.main' } }} dangerouslySetInnerHTML={{ __html: clean }} />;
}
