import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppMenu } from './AppMenu';
import { AppAppBar } from './AppUserMenu';
import { LiveConnection } from './Live';
import { UnreadTitle } from './UnreadChats';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={AppMenu} appBar={AppAppBar}>
      <LiveConnection />
      <UnreadTitle />
      {children}
    </Layout>
  );
}
