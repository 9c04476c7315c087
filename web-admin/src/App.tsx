import { useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { canUse, mayOpenPage, resourcesFor } from './access';
import { ChatPage, CHAT_PAGE, chatSettingsRoutes, oneToOneRoutes } from './chat';
import { ContentManagerPage, CONTENT_MANAGER_PAGE } from './content-manager';
import { promotionRoutes } from './promotions';
import { couponRoutes } from './coupons';
import { offerRoutes } from './offers';
import { tierRoutes } from './tiers';
import { shopRoutes } from './shop';
import { chatBookingRoutes } from './chat-booking';
import { massMessageRoutes } from './mass-messages';
import { purchasedContentsRoutes } from './purchased-contents';
import { liveRoutes } from './live';
import { reportRoutes } from './reports';
import { shellRoutes } from './shell';
import { pushRoutes } from './push';
import { helpRoutes } from './help';
import { toolsRoutes } from './tools';
import { settingsPageRoutes } from './settings-index';
import { siteConfigRoutes } from './site-config';
import { paymentProviderRoutes } from './payment-providers';
import { setupRoutes } from './setup';
import { CANCELLATION_PAGE, CancellationsPage, SUBSCRIPTION_SETTINGS_PAGE, SubscriptionSettingsPage } from './cancellations';
import { authProvider } from './authProvider';
import { lazyPage } from './components/lazyPage';
import { dataProvider } from './dataProvider';
import { withFeedTags } from './tags';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { LoginPage } from './layout/LoginPage';
import { NotFound } from './layout/NotFound';
import { PROFILE_PAGE } from './profile/paths';
import { RESOURCES } from './resources';
import { useSettings } from './settings';
import { queryClient } from './query';
import { buildThemes } from './theme';

/**
 * The staff console. Rendered inside a browser router under /admin (see main.tsx), so deep links such as
 * /admin/transactions work when the server falls back to index.html.
 * Only the resources (and, within them, the pages) the signed-in role may use are registered: access.ts
 * derives them from the server's shared tables (domain/access/pages.ts and routes.ts).
 */
const consoleData = withFeedTags(dataProvider);
// The dashboard (its charts) and the profile page load on first visit, not with the console.
const Dashboard = lazyPage(async () => (await import('./dashboard/Dashboard')).Dashboard);
const ProfilePage = lazyPage(async () => (await import('./profile/ProfilePage')).ProfilePage);

export function App() {
  const { settings } = useSettings();
  const themes = useMemo(() => buildThemes(settings), [settings]);
  return (
    <Admin
      disableTelemetry
      basename="/admin"
      title={`${settings.model_name || 'Fanclub'} · Staff`}
      dataProvider={consoleData}
      queryClient={queryClient}
      authProvider={authProvider}
      loginPage={LoginPage}
      layout={AppLayout}
      notification={AppNotification}
      dashboard={Dashboard}
      catchAll={NotFound}
      theme={themes.light}
      darkTheme={themes.dark}
      requireAuth
    >
      {(permissions: unknown) => [
        ...resourcesFor(permissions).map(name => {
          const { label, recordRepresentation, icon, list, ...pages } = RESOURCES[name];
          // Only the pages the role may use are routed (e.g. the staff create form is for admins only).
          const views = Object.fromEntries(
            Object.entries(pages).filter(([action, view]) => view && canUse(permissions, name, action))
          );
          return (
            <Resource
              key={name}
              name={name}
              icon={icon}
              list={list}
              {...views}
              options={label ? { label } : undefined}
              recordRepresentation={recordRepresentation}
            />
          );
        }),
        // Pages that are not resources, for the roles that may open them (domain/access/pages.ts).
        mayOpenPage(permissions, CONTENT_MANAGER_PAGE) ? (
          <CustomRoutes key="content-manager">
            <Route path="/content-manager" element={<ContentManagerPage />} />
          </CustomRoutes>
        ) : null,
        // Private chat (web-admin/src/chat): the user list and, with a fan's id, their conversation.
        mayOpenPage(permissions, CHAT_PAGE) ? (
          <CustomRoutes key="private-chat">
            <Route path="/private-chat/*" element={<ChatPage />} />
          </CustomRoutes>
        ) : null,
        // My profile (user menu): the own password and the creator's profile (web-admin/src/profile).
        mayOpenPage(permissions, PROFILE_PAGE) ? (
          <CustomRoutes key="profile">
            <Route path="/profile" element={<ProfilePage />} />
          </CustomRoutes>
        ) : null,
        // The first-run setup wizard, for the admins (web-admin/src/setup).
        setupRoutes(permissions),
        // Promotions and their reports (web-admin/src/promotions), coupons (coupons), the resubscribe offer (offers).
        promotionRoutes(permissions),
        couponRoutes(permissions),
        offerRoutes(permissions),
        // Membership tiers and bundles (web-admin/src/tiers).
        tierRoutes(permissions),
        // The shop: products, orders and its settings (web-admin/src/shop).
        shopRoutes(permissions),
        // Chat booking: its settings, the weekly hours and the bookings (web-admin/src/chat-booking).
        chatBookingRoutes(permissions),
        // Mass and welcome messages, their reports and the stagger settings (web-admin/src/mass-messages).
        massMessageRoutes(permissions),
        // A fan's purchased contents, opened from the chat (web-admin/src/purchased-contents).
        purchasedContentsRoutes(permissions),
        // Chat settings and purchased-content settings (web-admin/src/chat/ChatSettingsPage.tsx).
        chatSettingsRoutes(permissions),
        // Live streaming: Go Live, live settings, the sessions report (web-admin/src/live).
        liveRoutes(permissions),
        // The one-to-one call beside a fan's conversation, opened from the chat header (web-admin/src/chat/OneToOne.tsx).
        oneToOneRoutes(permissions),
        // Reports: earnings, refunds and chargebacks, user report, purchases, unlocks, UTM, opt-in, activity (web-admin/src/reports).
        reportRoutes(permissions),
        // Pages and their editors, the Contact inbox, the banner, menu and contact settings (web-admin/src/shell).
        shellRoutes(permissions),
        // The web push settings page (web-admin/src/push).
        pushRoutes(permissions),
        // Help items and the staff notification settings (web-admin/src/help).
        helpRoutes(permissions),
        // Admin tools: lookup, subscription links, saved cards, health, redirect URLs, logs (web-admin/src/tools).
        toolsRoutes(permissions),
        // Email (SMTP), storage, cache, platform, SEO, bot check and CSV downloads (web-admin/src/site-config).
        siteConfigRoutes(permissions),
        // CCBill, its REST API, Sticky.io and the ForumPay keys (web-admin/src/payment-providers).
        paymentProviderRoutes(permissions),
        // Every settings page of the settings registry at /settings/<page> (web-admin/src/settings-index).
        settingsPageRoutes(permissions),
        // The cancellations report and the subscription settings (web-admin/src/cancellations).
        mayOpenPage(permissions, CANCELLATION_PAGE) ? (
          <CustomRoutes key="cancellation">
            <Route path="/cancellation" element={<CancellationsPage />} />
          </CustomRoutes>
        ) : null,
        mayOpenPage(permissions, SUBSCRIPTION_SETTINGS_PAGE) ? (
          <CustomRoutes key="subscription-settings">
            <Route path="/subscription-settings" element={<SubscriptionSettingsPage />} />
          </CustomRoutes>
        ) : null,
      ]}
    </Admin>
  );
}
