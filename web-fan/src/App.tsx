import { lazy, useEffect, useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AuthProvider, useAuth, useModelName } from './auth';
import { NotifyProvider } from './notify';
import { buildTheme } from './theme';
import { Shell } from './components/Shell';
import { RequireAuth } from './components/RequireAuth';

// Route-level code splitting: each page is its own chunk.
const FeedPage = lazy(() => import('./pages/FeedPage'));
const PostDetailPage = lazy(() => import('./pages/PostDetailPage'));
const LoginPage = lazy(() => import('./pages/AuthPages').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('./pages/AuthPages').then((m) => ({ default: m.RegisterPage })));
const SubscribePage = lazy(() => import('./pages/SubscribePage'));
const MembershipPage = lazy(() => import('./pages/MembershipPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

const TITLES: [RegExp, string][] = [
  [/^\/login/, 'Login'],
  [/^\/register/, 'Sign Up'],
  [/^\/subscribe/, 'Subscribe'],
  [/^\/membership/, 'Membership'],
  [/^\/feed\//, 'Post'],
];

/** Document title per route, and focus/scroll reset on navigation (hash links scroll to their post). */
function RouteEffects() {
  const { pathname, hash } = useLocation();
  const modelName = useModelName();
  useEffect(() => {
    const match = TITLES.find(([re]) => re.test(pathname));
    document.title = match ? `${match[1]} · ${modelName}` : modelName;
  }, [pathname, modelName]);
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

function AppRoutes() {
  return (
    <>
      <RouteEffects />
      <Routes>
        <Route element={<Shell />}>
          <Route path="/" element={<FeedPage />} />
          <Route path="/home" element={<Navigate to="/" replace />} />
          <Route path="/feed/:id/:fromNotification?" element={<PostDetailPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/subscribe" element={<RequireAuth><SubscribePage /></RequireAuth>} />
          <Route path="/membership" element={<RequireAuth><MembershipPage /></RequireAuth>} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
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
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </NotifyProvider>
    </ThemeProvider>
  );
}

export default function App() {
  return (
    <AuthProvider>
      <Themed />
    </AuthProvider>
  );
}
