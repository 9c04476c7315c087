// The feed's pagination (when the site pages the feed): first / previous, a window of pages, next / last.
import Box from '@mui/material/Box';
import PaginationItem from '@mui/material/PaginationItem';
import { pageWindow } from '../paging';

export function FeedPagination({ page, total, onChange }: { page: number; total: number; onChange: (n: number) => void }) {
  const itemSx = { minWidth: { xs: 28, sm: 34 }, height: { xs: 30, sm: 34 }, mx: { xs: '1px', sm: '3px' }, px: { xs: '3px', sm: '6px' } };
  const nav = (type: 'first' | 'previous' | 'next' | 'last', target: number, disabled: boolean, label: string) => (
    <li>
      <PaginationItem
        type={type}
        shape="rounded"
        disabled={disabled}
        onClick={() => onChange(target)}
        aria-label={label}
        data-testid={`page-${type}`}
        sx={itemSx}
      />
    </li>
  );
  return (
    <Box component="nav" aria-label="Feed pages" data-testid="feed-pagination" sx={{ display: 'flex', justifyContent: 'center', py: 2, px: 1 }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'center', rowGap: 1 }}>
        {nav('first', 1, page <= 1, 'Go to first page')}
        {nav('previous', page - 1, page <= 1, 'Go to previous page')}
        {pageWindow(page, total).map((n) => (
          <li key={n}>
            <PaginationItem
              type="page"
              page={n}
              shape="rounded"
              color="primary"
              selected={n === page}
              aria-current={n === page ? 'page' : undefined}
              aria-label={n === page ? `Page ${n}` : `Go to page ${n}`}
              onClick={() => n !== page && onChange(n)}
              data-testid={`page-${n}`}
              sx={itemSx}
            />
          </li>
        ))}
        {nav('next', page + 1, page >= total, 'Go to next page')}
        {nav('last', total, page >= total, 'Go to last page')}
      </Box>
    </Box>
  );
}
