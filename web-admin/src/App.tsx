import { useMemo } from 'react';
import { Admin, Resource } from 'react-admin';
import { resourcesFor } from './access';
import { authProvider } from './authProvider';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { LoginPage } from './layout/LoginPage';
import { RESOURCES } from './resources';
import { useSettings } from './settings';
import { buildThemes } from './theme';

/**
 * The staff console. Rendered inside a browser router under /admin (see main.tsx), so deep links such as
 * /admin/transactions work when the server falls back to index.html.
 * Only the resources the signed-in role may use are registered (access.ts).
 */
export function App() {
  const { settings } = useSettings();
  const themes = useMemo(() => buildThemes(settings), [settings]);
  return (
    <Admin
      disableTelemetry
      basename="/admin"
      title={`${settings.model_name || 'Fanclub'} · Staff`}
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
      layout={AppLayout}
      notification={AppNotification}
      dashboard={Dashboard}
      theme={themes.light}
      darkTheme={themes.dark}
      requireAuth
    >
      {(permissions: unknown) =>
        resourcesFor(permissions).map(name => {
          const { label, recordRepresentation, ...views } = RESOURCES[name];
          return (
            <Resource
              key={name}
              name={name}
              {...views}
              options={label ? { label } : undefined}
              recordRepresentation={recordRepresentation}
            />
          );
        })
      }
    </Admin>
  );
}
