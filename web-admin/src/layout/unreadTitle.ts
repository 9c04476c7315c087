/** The console tab's title: "(3) Ava Console" with unread fans' messages, "Ava Console" without. */
export function unreadTitle(siteName: string | null | undefined, unread: number | null): string {
  const base = `${siteName?.trim() || 'Fanclub'} Console`;
  return unread && unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${base}` : base;
}
