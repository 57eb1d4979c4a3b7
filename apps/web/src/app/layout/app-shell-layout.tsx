import { findRoute } from '@eproto/domain';
import { useDocumentTitle } from '@mantine/hooks';
import { DatesProvider } from '@mantine/dates';
import type { CSSProperties } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';

import { OfflineBar } from '../../components/offline/offline-bar.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { whenIdle } from '../../lib/idle.ts';
import { useOutboxSync } from '../../lib/offline/use-outbox-sync.ts';
import { preloadToasts } from '../../lib/toast.ts';
import classes from './app-shell-layout.module.css';
import { useModalsWanted } from './lazy-modals.ts';
import { TopBar } from './top-bar.tsx';
import { useSelectedTabInView } from './use-selected-tab-in-view.ts';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, useSidebarState } from './use-sidebar-state.ts';

// Not needed to paint a page (a fresh tab on a phone loads <= 200 KB of JS, bench/os-phone.ts):
// the side menu loads on wide screens only, the phone drawer with the first tap on the burger,
// Mantine's modals manager with the first `modals.*` call.
const Sidebar = lazy(() => import('./sidebar.tsx').then((m) => ({ default: m.Sidebar })));
const NavDrawer = lazy(() => import('./nav-drawer.tsx'));
const ModalsHost = lazy(() => import('./modals-host.tsx'));
// The realtime stream and the offline prefetch start once the main thread is idle after the
// first paint (shell-idle-work.tsx).
const ShellIdleWork = lazy(() => import('./shell-idle-work.tsx'));

/**
 * The class react-remove-scroll (Mantine's modals and drawers) moves by the scrollbar's width
 * while a dialog locks the page's scroll, so the fixed bar does not jump.
 */
const SCROLLBAR_GAP_CLASS = 'right-scroll-bar-position';

function isFullHeight(pathname: string): boolean {
  if (pathname.startsWith('/operacional/chat-contrato')) return true;
  return findRoute(pathname)?.fullHeight === true;
}

/** Signed-in layout: 48 px top bar, 280/50 px sidebar (drawer on phones), content area. */
export default function AppShellLayout() {
  const { pathname } = useLocation();
  const sidebar = useSidebarState();
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (sidebar.drawerOpened && !drawerUsed) setDrawerUsed(true);
  const modalsWanted = useModalsWanted();
  const fullHeight = isFullHeight(pathname);
  const navbarWidth = sidebar.collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const title = findRoute(pathname)?.title;
  useDocumentTitle(title ? `${title} · E-Proto` : 'E-Proto');
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  useOutboxSync();
  useEffect(() => preloadToasts(), []);
  useSelectedTabInView();

  return (
    <>
      {idle && (
        <Suspense fallback={null}>
          <ShellIdleWork />
        </Suspense>
      )}
      {modalsWanted && (
        <Suspense fallback={null}>
          <ModalsHost />
        </Suspense>
      )}
      {/* The layout of Mantine's AppShell (fixed 48 px header, fixed side menu from 768 px,
          content offset by both) in a few lines of CSS: AppShell brings its resizing, aside,
          footer and scroll-lock code (~13 KB gzip) to every page (bench/os-phone.ts). */}
      <div
        className={classes.shell}
        style={{ '--shell-navbar-width': `${navbarWidth}px` } as CSSProperties}
      >
        <header className={`${classes.header} ${SCROLLBAR_GAP_CLASS}`}>
          <TopBar
            drawerOpened={sidebar.drawerOpened}
            onBurger={sidebar.toggleDrawer}
            sidebarCollapsed={sidebar.collapsed}
            onToggleSidebar={sidebar.toggleCollapsed}
          />
        </header>

        <nav className={classes.navbar} data-collapsed={sidebar.collapsed || undefined}>
          {sidebar.isPhone === false && (
            <Suspense fallback={null}>
              <Sidebar collapsed={sidebar.collapsed} />
            </Suspense>
          )}
        </nav>

        {drawerUsed && (
          <Suspense fallback={null}>
            <NavDrawer opened={sidebar.drawerOpened} onClose={sidebar.closeDrawer} />
          </Suspense>
        )}

        <main className={classes.main} data-full-height={fullHeight || undefined}>
          <div className={classes.offlineBar}>
            <OfflineBar />
          </div>
          <div className={fullHeight ? classes.fullHeight : classes.content}>
            {/* Every date picker of the signed-in app: pt-BR names, weeks from Monday. */}
            <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 1 }}>
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </DatesProvider>
          </div>
        </main>
      </div>
    </>
  );
}
