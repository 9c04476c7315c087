import { lazy, Suspense, useEffect, useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, useAuth, useIsProxy, useModelName } from './auth';
import { NotifyProvider } from './notify';
import { buildTheme } from './theme';
import { Shell, useLandingAtHome } from './shell/Shell';
import { LiveConnection } from './components/Live';
import { Guard } from './components/Guard';
import { PaymentReturnPage } from './payments/hostedPayment';
import { PageLoader } from './components/StatusViews';
import { blocksContextMenu, queryRedirect } from './shell/siteRules';
import { queryClient } from './realtime';

// Route-level code splitting: each page is its own chunk.
const FeedPage = lazy(() => import('./pages/FeedPage'));
const LandingPage = lazy(() => import('./pages/LandingPage'));
const PostDetailPage = lazy(() => import('./pages/PostDetailPage'));
const LoginPage = lazy(() => import('./pages/AuthPages').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('./pages/AuthPages').then((m) => ({ default: m.RegisterPage })));
const ForgotPasswordPage = lazy(() => import('./pages/PasswordPages').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./pages/PasswordPages').then((m) => ({ default: m.ResetPasswordPage })));
const ProfilePage = lazy(() => import('./pages/ProfilePages').then((m) => ({ default: m.ProfilePage })));
const ProfileUpdatePage = lazy(() => import('./pages/ProfilePages').then((m) => ({ default: m.ProfileUpdatePage })));
const ChangePasswordPage = lazy(() => import('./pages/ProfilePages').then((m) => ({ default: m.ChangePasswordPage })));
const WalletPage = lazy(() => import('./wallet/WalletPage'));
const JoinPage = lazy(() => import('./pages/JoinPage'));
const PaymentsPage = lazy(() => import('./pages/PaymentsPages').then((m) => ({ default: m.PaymentsPage })));
const ReceiptPage = lazy(() => import('./pages/PaymentsPages').then((m) => ({ default: m.ReceiptPage })));
const UploadPhotoIdPage = lazy(() => import('./pages/UploadPhotoIdPage'));
const PaymentMethodsPage = lazy(() => import('./payment-methods/PaymentMethodsPage'));
const AddPaymentMethodPage = lazy(() => import('./payment-methods/AddPaymentMethodPage'));
const OptInEmailVerificationPage = lazy(() => import('./pages/EmailVerificationPages').then((m) => ({ default: m.OptInEmailVerificationPage })));
const ChangeEmailVerificationPage = lazy(() => import('./pages/EmailVerificationPages').then((m) => ({ default: m.ChangeEmailVerificationPage })));
// Membership: subscribe, membership, cancel pages and the membership popups live in ./membership.
const SubscribePage = lazy(() => import('./membership/SubscribePage'));
const MembershipPage = lazy(() => import('./membership/MembershipPage'));
const CancelSubscriptionPage = lazy(() => import('./membership/CancelSubscriptionPage'));
const MembershipPopups = lazy(() => import('./membership/MembershipPopups'));
// Tips: the public tips page and the signed-in tips list live in ./tips.
const TipsPage = lazy(() => import('./tips/TipsPage'));
const NotificationsPage = lazy(() => import('./notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })));
const HelpPage = lazy(() => import('./notifications/HelpPages').then((m) => ({ default: m.HelpPage })));
const TipsListPage = lazy(() => import('./tips/TipsListPage'));
// Private chat: the fan's conversation with the creator lives in ./chat.
const PrivateChatPage = lazy(() => import('./chat/PrivateChatPage'));
const PurchasedContentsPage = lazy(() => import('./purchases/PurchasedContentsPage'));
// Live streaming: the viewers' pages live in ./live.
const GroupLiveStreamPage = lazy(() => import('./live/LivePages').then((m) => ({ default: m.GroupLiveStreamPage })));
const LiveStreamPage = lazy(() => import('./chat/LiveStreamPage'));
const NotFoundPage = lazy(() => import('./components/NotFoundPage'));
// Legal and content pages, links, forms.
const ContentPage = lazy(() => import('./shell/ContentPages').then((m) => ({ default: m.ContentPage })));
const CatchAllPage = lazy(() => import('./shell/ContentPages').then((m) => ({ default: m.CatchAllPage })));
const ContactUsPage = lazy(() => import('./shell/ContentPages').then((m) => ({ default: m.ContactUsPage })));
const LikeTheWebsitePage = lazy(() => import('./shell/ContentPages').then((m) => ({ default: m.LikeTheWebsitePage })));
const SubscriptionVideoPage = lazy(() => import('./shell/ContentPages').then((m) => ({ default: m.SubscriptionVideoPage })));
const ServiceStoppedPage = lazy(() => import('./shell/ContentPages').then((m) => ({ default: m.ServiceStoppedPage })));
const LinksPage = lazy(() => import('./shell/LinksPage'));
const ChatLandingPage = lazy(() => import('./shell/ChatLandingPage'));
const GalleryPage = lazy(() => import('./gallery/GalleryPages').then((m) => ({ default: m.GalleryPage })));
const SingleGalleryPage = lazy(() => import('./gallery/GalleryPages').then((m) => ({ default: m.SingleGalleryPage })));
const MaintenancePage = lazy(() => import('./pages/StatusPages').then((m) => ({ default: m.MaintenancePage })));
const BlockedPage = lazy(() => import('./pages/StatusPages').then((m) => ({ default: m.BlockedPage })));
const AgeGate = lazy(() => import('./components/AgeGate'));
const NotificationPreferencePage = lazy(() => import('./pwa/NotificationPreferencePage'));
const PwaPopups = lazy(() => import('./pwa/PwaPopups'));
// The shop: products, cart, addresses, checkout and orders live in ./shop.
const BookSlotPage = lazy(() => import('./chat-booking/BookSlotPage'));
const ProductListPage = lazy(() => import('./shop/ProductPages').then((m) => ({ default: m.ProductListPage })));
const ProductPage = lazy(() => import('./shop/ProductPages').then((m) => ({ default: m.ProductPage })));
const CartPage = lazy(() => import('./shop/CartPage'));
const CheckoutPage = lazy(() => import('./shop/CheckoutPage'));
const AddressListPage = lazy(() => import('./shop/AddressPages').then((m) => ({ default: m.AddressListPage })));
const AddressFormPage = lazy(() => import('./shop/AddressPages').then((m) => ({ default: m.AddressFormPage })));
const OrderListPage = lazy(() => import('./shop/OrderPages').then((m) => ({ default: m.OrderListPage })));
const OrderPage = lazy(() => import('./shop/OrderPages').then((m) => ({ default: m.OrderPage })));

const TITLES: [RegExp, string][] = [
  [/^\/login/, 'Login'],
  [/^\/register/, 'Sign Up'],
  [/^\/forgot-password/, 'Forgot password'],
  [/^\/change-password\//, 'Choose a new password'],
  [/^\/profile\/update/, 'Edit profile'],
  [/^\/profile\/change-password/, 'Change password'],
  [/^\/profile\/cancel-subscription/, 'Cancel subscription'],
  [/^\/profile\/wallet/, 'Wallet'],
  [/^\/profile\/payment-method/, 'Payment methods'],
  [/^\/profile\/add-new-payment-method/, 'Add a card'],
  [/^\/profile\/notification-preference/, 'Notification preferences'],
  [/^\/profile\/order-list/, 'Orders'],
  [/^\/profile/, 'Profile'],
  [/^\/upload-photo-id/, 'Upload photo ID'],
  [/^\/opt-in-email-verification\//, 'Email notifications'],
  [/^\/change-email-verification\//, 'Verify your new email'],
  [/^\/subscribe/, 'Subscribe'],
  [/^\/membership/, 'Membership'],
  [/^\/tips-list/, 'Tips'],
  [/^\/tips/, 'Send a tip'],
  [/^\/private-chat/, 'Chat'],
  [/^\/group-live-stream/, 'Live'],
  [/^\/live-stream/, 'Live'],
  [/^\/feed\//, 'Post'],
  [/^\/(single-)?gallery/, 'Gallery'],
  [/^\/shop\/view-cart/, 'Cart'],
  [/^\/shop\/checkout/, 'Checkout'],
  [/^\/shop\/shipping-details/, 'Shipping details'],
  [/^\/shop\/order-history/, 'Orders'],
  [/^\/shop/, 'Shop'],
  [/^\/chat$/, 'Chat'],
];

/** Document title per route, and focus/scroll reset on navigation (hash links scroll to their post). */
function RouteEffects() {
  const { pathname, hash, search } = useLocation();
  const navigate = useNavigate();
  const modelName = useModelName();
  // ?offers and ?feed land on the home page.
  useEffect(() => {
    const to = queryRedirect(pathname, search);
    if (to) navigate(to, { replace: true });
  }, [pathname, search, navigate]);
  // No context menu (save image, open in new tab) except on demo hosts and in text fields.
  useEffect(() => {
    const onMenu = (e: MouseEvent) => {
      if (blocksContextMenu(window.location.hostname, e.target as HTMLElement | null)) e.preventDefault();
    };
    document.addEventListener('contextmenu', onMenu);
    return () => document.removeEventListener('contextmenu', onMenu);
  }, []);
  useEffect(() => {
    const match = TITLES.find(([re]) => re.test(pathname));
    document.title = match ? `${match[1]} · ${modelName}` : modelName;
  }, [pathname, modelName]);
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/** / is the feed, or the landing page for guests when the creator turns it on. */
function HomePage() {
  return useLandingAtHome() ? <LandingPage /> : <FeedPage />;
}

function AppRoutes() {
  return (
    <Routes>
      <Route path="/landing" element={<Guard page="/landing"><LandingPage /></Guard>} />
      {/* Staff preview the landing page, also while it is off (a protected route). */}
      <Route path="/landing-page-preview" element={<Guard page="/landing-page-preview"><LandingPage preview /></Guard>} />
      <Route element={<Shell />}>
        <Route path="/" element={<Guard page="/"><HomePage /></Guard>} />
        <Route path="/home" element={<Navigate to="/" replace />} />
        <Route path="/feed/:id/:fromNotification?" element={<Guard page="/feed/:blog_id/:from_notification?"><PostDetailPage /></Guard>} />
        <Route path="/login" element={<Guard page="/login"><LoginPage /></Guard>} />
        <Route path="/register" element={<Guard page="/register"><RegisterPage /></Guard>} />
        <Route path="/forgot-password" element={<Guard page="/forgot-password"><ForgotPasswordPage /></Guard>} />
        <Route path="/change-password/:token" element={<Guard page="/change-password/:token"><ResetPasswordPage /></Guard>} />
        <Route path="/opt-in-email-verification/:token" element={<Guard page="/opt-in-email-verification/:token"><OptInEmailVerificationPage /></Guard>} />
        <Route path="/change-email-verification/:token" element={<Guard page="/change-email-verification/:token"><ChangeEmailVerificationPage /></Guard>} />
        <Route path="/subscribe" element={<Guard page="/subscribe"><SubscribePage /></Guard>} />
        <Route path="/membership" element={<Guard page="/membership"><MembershipPage /></Guard>} />
        <Route path="/payment-return" element={<Guard page="/payment-return"><PaymentReturnPage /></Guard>} />
        <Route path="/join" element={<Guard page="/join"><JoinPage /></Guard>} />
        <Route path="/profile/cancel-subscription" element={<Guard page="/profile/cancel-subscription"><CancelSubscriptionPage /></Guard>} />
        <Route path="/profile" element={<Guard page="/profile"><ProfilePage /></Guard>} />
        <Route path="/profile/update" element={<Guard page="/profile/update"><ProfileUpdatePage /></Guard>} />
        <Route path="/profile/change-password" element={<Guard page="/profile/change-password"><ChangePasswordPage /></Guard>} />
        <Route path="/profile/wallet" element={<Guard page="/profile/wallet"><WalletPage /></Guard>} />
        <Route path="/profile/payments" element={<Guard page="/profile/payments"><PaymentsPage /></Guard>} />
        <Route path="/profile/payments/:id" element={<Guard page="/profile/payments/:id"><ReceiptPage /></Guard>} />
        <Route path="/profile/payment-method" element={<Guard page="/profile/payment-method"><PaymentMethodsPage /></Guard>} />
        <Route path="/profile/add-new-payment-method" element={<Guard page="/profile/add-new-payment-method"><AddPaymentMethodPage /></Guard>} />
        <Route path="/profile/notification-preference" element={<Guard page="/profile/notification-preference"><NotificationPreferencePage /></Guard>} />
        <Route path="/tips" element={<Guard page="/tips"><TipsPage /></Guard>} />
        <Route path="/tips-list" element={<Guard page="/tips-list"><TipsListPage /></Guard>} />
        <Route path="/private-chat/:id?" element={<Guard page="/private-chat"><PrivateChatPage /></Guard>} />
        <Route path="/book-slot/:page" element={<Guard page="/book-slot/:page"><BookSlotPage /></Guard>} />
        <Route path="/purchased-contents/:id?" element={<Guard page="/purchased-contents/:id?"><PurchasedContentsPage /></Guard>} />
        <Route path="/group-live-stream" element={<Guard page="/group-live-stream"><GroupLiveStreamPage /></Guard>} />
        <Route path="/live-stream/:id?" element={<Guard page="/live-stream/:id?"><LiveStreamPage /></Guard>} />
        <Route path="/upload-photo-id" element={<Guard page="/upload-photo-id"><UploadPhotoIdPage /></Guard>} />
        {['terms-of-service', 'privacy-policy', 'dmca', '2257', 'content-removal', 'faq'].map((slug) => (
          <Route key={slug} path={`/${slug}`} element={<Guard page={`/${slug}`}><ContentPage key={slug} slug={slug} /></Guard>} />
        ))}
        <Route path="/contact-us" element={<Guard page="/contact-us"><ContactUsPage /></Guard>} />
        <Route path="/like-the-website" element={<Guard page="/like-the-website"><LikeTheWebsitePage /></Guard>} />
        <Route path="/subscription-video" element={<Guard page="/subscription-video"><SubscriptionVideoPage /></Guard>} />
        <Route path="/service-stopped" element={<Guard page="/service-stopped"><ServiceStoppedPage /></Guard>} />
        <Route path="/notification/:page/:promotionId?" element={<Guard page="/notification/:page/:promotionId?"><NotificationsPage staff /></Guard>} />
        <Route path="/purchase-notification" element={<Guard page="/purchase-notification"><NotificationsPage staff fixedType="purchased" /></Guard>} />
        <Route path="/user-notification/:page" element={<Guard page="/user-notification/:page"><NotificationsPage staff={false} /></Guard>} />
        <Route path="/help" element={<Guard page="/help"><HelpPage staff /></Guard>} />
        <Route path="/help/:page/:id?" element={<Guard page="/help/:page/:id?"><HelpPage staff /></Guard>} />
        <Route path="/user-help" element={<Guard page="/user-help"><HelpPage staff={false} /></Guard>} />
        <Route path="/user-help/:page/:id?" element={<Guard page="/user-help/:page/:id?"><HelpPage staff={false} /></Guard>} />
        <Route path="/links" element={<Guard page="/links"><LinksPage /></Guard>} />
        <Route path="/more-links" element={<Guard page="/more-links"><LinksPage more /></Guard>} />
        <Route path="/chat" element={<Guard page="/chat"><ChatLandingPage /></Guard>} />
        <Route path="/gallery" element={<Guard page="/gallery"><GalleryPage /></Guard>} />
        <Route path="/single-gallery/:id" element={<Guard page="/single-gallery/:id"><SingleGalleryPage /></Guard>} />
        <Route path="/shop" element={<Guard page="/shop"><ProductListPage /></Guard>} />
        <Route path="/shop/view-cart" element={<Guard page="/shop/view-cart"><CartPage /></Guard>} />
        <Route path="/shop/checkout/:id?" element={<Guard page="/shop/checkout/:id?"><CheckoutPage /></Guard>} />
        <Route path="/shop/shipping-details" element={<Guard page="/shop/shipping-details"><AddressListPage /></Guard>} />
        <Route path="/shop/shipping-details/add" element={<Guard page="/shop/shipping-details/add"><AddressFormPage /></Guard>} />
        <Route path="/shop/shipping-details/edit/:id" element={<Guard page="/shop/shipping-details/edit/:id"><AddressFormPage /></Guard>} />
        <Route path="/shop/order-history" element={<Guard page="/shop/order-history"><OrderListPage /></Guard>} />
        <Route path="/shop/order-history/:id" element={<Guard page="/shop/order-history/:id"><OrderPage /></Guard>} />
        <Route path="/profile/order-list" element={<Guard page="/profile/order-list"><OrderListPage /></Guard>} />
        <Route path="/shop/:id" element={<Guard page="/shop/:id"><ProductPage /></Guard>} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/:path" element={<Guard page="/:path"><CatchAllPage /></Guard>} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * Whole-site states before the routes: a blocked account (any 430), maintenance mode (everyone but admins,
 * except on /login) and the age gate for guests.
 */
function SiteGate() {
  const { token, me, loadingMe, settings, blocked } = useAuth();
  const proxy = useIsProxy();
  const { pathname } = useLocation();

  if (blocked) return <BlockedPage message={blocked} />;

  if (settings?.maintenance_mode && pathname !== '/login') {
    if (token && loadingMe) return <PageLoader />;
    const admin = !!me && (me.isAdmin || me.role === 'admin' || me.role === 'super_admin');
    if (!admin && !proxy) return <MaintenancePage />;
  }

  const ageGate = !token && !!settings?.show_age_modal;
  return (
    <>
      <AppRoutes />
      {ageGate && (
        <Suspense fallback={null}>
          <AgeGate age={settings?.age_gate_age ?? 18} />
        </Suspense>
      )}
      {token && me && (
        <Suspense fallback={null}>
          <MembershipPopups />
        </Suspense>
      )}
      {!ageGate && (
        <Suspense fallback={null}>
          <PwaPopups />
        </Suspense>
      )}
    </>
  );
}

function Themed() {
  const { settings } = useAuth();
  const theme = useMemo(() => buildTheme(settings), [settings]);
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.palette.background.paper);
    document.documentElement.style.backgroundColor = theme.palette.background.default;
    document.body.style.backgroundColor = theme.palette.background.default;
    document.body.style.color = theme.palette.text.primary;
  }, [theme]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <NotifyProvider>
        <LiveConnection />
        <BrowserRouter>
          <RouteEffects />
          <Suspense fallback={<PageLoader />}>
            <SiteGate />
          </Suspense>
        </BrowserRouter>
      </NotifyProvider>
    </ThemeProvider>
  );
}

export default function App() {
  // Every page's reads share one cache, which the live connection keeps current (./realtime).
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Themed />
      </AuthProvider>
    </QueryClientProvider>
  );
}
