import { findRoute, ROUTE_ACCESS } from '@eproto/domain';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';

import { preloadable } from '../lib/preloadable.ts';
import { RootRedirect } from './root-redirect.tsx';
import { RouteGuard } from './route-guard.tsx';
import { pageFor, prefetchPage, preloadPage } from './route-pages.ts';

// The shell and /login render at once when their chunk has already arrived (lib/preloadable.ts).
const AppShellLayout = preloadable(() => import('./layout/app-shell-layout.tsx'));
const LoginPage = preloadable(() => import('../features/auth/pages/login-page.tsx'));
/** The shell and the opened page download side by side, not one after the other. */
const preloadOpened = (pathname: string) => {
  preloadPage(pathname);
  return AppShellLayout.preload();
};

// Asked for while the app starts, not after its first render: theme-init.js has already
// started their files (modulepreload), so on a second visit they are usually in by the time the
// kept session and data are, and the screen renders without a Suspense fallback (issue 33).
if (typeof window !== 'undefined') {
  const opened = window.location.pathname;
  if (findRoute(opened)) preloadOpened(opened).catch(() => undefined);
  else if (opened.replace(/\/+$/, '') === '/login') LoginPage.preload().catch(() => undefined);
}
const ResetRequestPage = lazy(() => import('../features/auth/pages/reset-request-page.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page.tsx'));
const AcceptInvitePage = lazy(() => import('../features/auth/pages/accept-invite-page.tsx'));
const VerifyOsPage = lazy(() => import('../features/service-orders/pages/verify-page.tsx'));
const AssetPublicPage = lazy(() => import('../features/assets/pages/asset-public-page.tsx'));
const AssetReportPage = lazy(() => import('../features/assets/pages/asset-report-page.tsx'));
const PmocVerifyPage = lazy(() => import('../features/assets/pages/pmoc-verify-page.tsx'));

/**
 * Every route of the app. Public pages skip the session check; every protected path of
 * ROUTE_ACCESS sits behind the guard inside the shell; anything else goes to /login.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/reset" element={<ResetRequestPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/accept-invite" element={<AcceptInvitePage />} />
      <Route path="/os/verificar/:codigo" element={<VerifyOsPage />} />
      <Route path="/ativo/relato/:token" element={<AssetReportPage />} />
      <Route path="/ativo/:codigo" element={<AssetPublicPage />} />
      <Route path="/pmoc/verificar/:codigo" element={<PmocVerifyPage />} />
      <Route path="/" element={<RootRedirect />} />
      <Route
        element={
          <RouteGuard preload={preloadOpened} prefetch={prefetchPage}>
            <Suspense fallback={null}>
              <AppShellLayout />
            </Suspense>
          </RouteGuard>
        }
      >
        {ROUTE_ACCESS.map((route) => {
          const Page = pageFor(route.path);
          return Page && <Route key={route.path} path={route.path} element={<Page />} />;
        })}
      </Route>
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
