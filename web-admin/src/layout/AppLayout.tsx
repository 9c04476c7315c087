import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppMenu } from './AppMenu';
import { AppAppBar } from './AppUserMenu';
import { LiveConnection } from './Live';
import { UnreadTitle } from './UnreadChats';
import { ChatAlerts } from '../chat/ChatAlerts';

// The content is a flex item: without min-width 0 a wide child (a chart, a table) widens it past a phone's screen
// and the whole page scrolls sideways; with it, the wide child scrolls in its own box.
const LAYOUT_SX = { '& .RaLayout-content': { minWidth: 0 } } as const;

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AppMenu} appBar={AppAppBar} sx={LAYOUT_SX}>
      <LiveConnection />
      <UnreadTitle />
      <ChatAlerts />
      {children}
    </Layout>
  );
}
