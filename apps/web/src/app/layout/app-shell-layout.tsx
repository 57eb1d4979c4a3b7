import { findRoute } from '@eproto/domain';
import { AppShell, Drawer, ScrollArea } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

import { Logo } from '../../components/logo.tsx';
import { OfflineBar } from '../../components/offline/offline-bar.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useOfflinePrefetch } from '../../lib/offline/prefetch.ts';
import { useOutboxSync } from '../../lib/offline/use-outbox-sync.ts';
import { preloadToasts } from '../../lib/toast.ts';
import { useRealtimeSync } from '../realtime/use-realtime-sync.ts';
import classes from './app-shell-layout.module.css';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import {
  SIDEBAR_COLLAPSED_WIDTH,
  SIDEBAR_WIDTH,
  TOP_BAR_HEIGHT,
  useSidebarState,
} from './use-sidebar-state.ts';

const loadPrefetchTasks = () =>
  import('../offline/prefetch-tasks.ts').then((m) => m.OFFLINE_PREFETCH_TASKS);

function isFullHeight(pathname: string): boolean {
  if (pathname.startsWith('/operacional/chat-contrato')) return true;
  return findRoute(pathname)?.fullHeight === true;
}

/** Signed-in layout: 48 px top bar, 280/50 px sidebar (drawer on phones), content area. */
export default function AppShellLayout() {
  const { pathname } = useLocation();
  const sidebar = useSidebarState();
  const fullHeight = isFullHeight(pathname);
  const title = findRoute(pathname)?.title;
  useDocumentTitle(title ? `${title} · E-Proto` : 'E-Proto');
  useRealtimeSync();
  useOutboxSync();
  useOfflinePrefetch(loadPrefetchTasks);
  useEffect(() => preloadToasts(), []);

  return (
    <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
      <AppShell
        header={{ height: TOP_BAR_HEIGHT }}
        navbar={{
          width: sidebar.collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
          breakpoint: 'sm',
          collapsed: { mobile: true },
        }}
        padding={0}
        className={classes.shell}
      >
        <AppShell.Header className={classes.header}>
          <TopBar
            drawerOpened={sidebar.drawerOpened}
            onBurger={sidebar.toggleDrawer}
            sidebarCollapsed={sidebar.collapsed}
            onToggleSidebar={sidebar.toggleCollapsed}
          />
        </AppShell.Header>

        <AppShell.Navbar className={classes.navbar} data-collapsed={sidebar.collapsed || undefined}>
          <Sidebar collapsed={sidebar.collapsed} />
        </AppShell.Navbar>

        <Drawer
          opened={sidebar.drawerOpened}
          onClose={sidebar.closeDrawer}
          size={SIDEBAR_WIDTH}
          padding={0}
          title={<Logo size={26} />}
          hiddenFrom="sm"
          scrollAreaComponent={ScrollArea.Autosize}
          classNames={{ header: classes.drawerHeader }}
        >
          <Sidebar onNavigate={sidebar.closeDrawer} />
        </Drawer>

        <AppShell.Main className={classes.main} data-full-height={fullHeight || undefined}>
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
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
