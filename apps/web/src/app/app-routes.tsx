import { findRoute, ROUTE_ACCESS } from '@eproto/domain';
import { lazy, Suspense } from 'react';
import { createRoutesFromElements, Navigate, Route, useRoutes } from 'react-router';

import { preloadable } from '../lib/preloadable.ts';
import { RootRedirect } from './root-redirect.tsx';
import { RouteGuard } from './route-guard.tsx';
import { pageFor, prefetchPage, preloadPage } from './route-pages.ts';

// The shell and /login render at once when their chunk has already arrived (lib/preloadable.ts).
const AppShellLayout = preloadable(() => import('./layout/app-shell-layout.tsx'));
const LoginPage = preloadable(() => import('../features/auth/pages/login-page.tsx'));
/** The shell and the opened page download side by side, not one after the other. */
const preloadOpened = (pathname: string) =>
  Promise.all([AppShellLayout.preload(), preloadPage(pathname)]);

/**
 * The modules of the page the tab was opened on (signed-in shell and page, or /login), asked for
 * while the app starts, not after its first render: theme-init.js has already started their
 * files (modulepreload). src/main.tsx waits for them on a second visit (service worker) before
 * rendering, so the screen renders once, without a Suspense fallback (issue 33). Rejects when a
 * download fails (the error boundary reports it when the page renders).
 */
export function openedModules(): Promise<unknown> {
  const opened = window.location.pathname;
  if (findRoute(opened)) return preloadOpened(opened);
  if (opened.replace(/\/+$/, '') === '/login') return LoginPage.preload();
  return Promise.resolve();
}
const ResetRequestPage = lazy(() => import('../features/auth/pages/reset-request-page.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page.tsx'));
const AcceptInvitePage = lazy(() => import('../features/auth/pages/accept-invite-page.tsx'));
const VerifyOsPage = lazy(() => import('../features/service-orders/pages/verify-page.tsx'));
const AssetPublicPage = lazy(() => import('../features/assets/pages/asset-public-page.tsx'));
const AssetReportPage = lazy(() => import('../features/assets/pages/asset-report-page.tsx'));
const PmocVerifyPage = lazy(() => import('../features/assets/pages/pmoc-verify-page.tsx'));

/**
 * Every route of the app, built once: `<Routes>` rebuilt this table from its JSX children on
 * every render (~35 routes, each a React element walked and turned into a route object), and
 * the first render of a cold start renders it several times (issue 33). Public pages skip the
 * session check; every protected path of ROUTE_ACCESS sits behind the guard inside the shell;
 * anything else goes to /login. vite.config.ts reads the public pages' `<Route path=...>` here.
 */
const ROUTES = createRoutesFromElements(
  <>
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
  </>,
);

/** The page of the current location (react-router's matching over the table built above). */
export function AppRoutes() {
  return useRoutes(ROUTES);
}
