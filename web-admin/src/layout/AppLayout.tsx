import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppMenu } from './AppMenu';
import { AppAppBar } from './AppUserMenu';
import { LiveConnection } from './Live';
import { UnreadTitle } from './UnreadChats';
import { ChatAlerts } from '../chat/ChatAlerts';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AppMenu} appBar={AppAppBar}>
      <LiveConnection />
      <UnreadTitle />
      <ChatAlerts />
      {children}
    </Layout>
  );
}
