// A console page that fills the window below the app bar, its parts scrolling inside it (Chat, Content Manager).
export const FULL_HEIGHT_PAGE_SX = {
  mt: { xs: 0, sm: 1 },
  mb: { xs: 0, sm: 1 },
  height: { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px - 16px)' },
  minHeight: 420,
  display: 'flex',
  borderRadius: { xs: 0, sm: 1 },
} as const;
