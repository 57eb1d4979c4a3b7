import { PUBLIC_ROUTES } from '@eproto/domain';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { memo, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { ErrorBoundary } from '../components/error-boundary.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { Toasts } from '../components/toasts.tsx';
import { showFlash } from '../lib/flash.ts';
import { setNavigator } from '../lib/navigation.ts';
import { colorSchemeManager, theme } from './theme.ts';

function isPublic(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (PUBLIC_ROUTES as readonly string[]).includes(path);
}

/**
 * Mantine (dark forced on the public pages, remembered theme elsewhere) and toasts at the top
 * right (their code loaded with the first toast). Modals live in the signed-in shell, so /login
 * does not download them.
 */
export function RootLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ThemedRoot forceDark={isPublic(pathname)}>{children}</ThemedRoot>;
}

/**
 * Renders again only when the forced dark theme flips (public page <-> signed-in page), not on
 * every navigation: MantineProvider gives its context a new object each time it renders, which
 * renders every Mantine component of the screen again, and recomputes the theme's CSS
 * variables (issue 33; root-layout.test.tsx). `children` is App's element, the same each time.
 */
const ThemedRoot = memo(function ThemedRoot({
  forceDark,
  children,
}: {
  forceDark: boolean;
  children: ReactNode;
}) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="dark"
      forceColorScheme={forceDark ? 'dark' : undefined}
    >
      <Toasts />
      <RouteBoundary>{children}</RouteBoundary>
    </MantineProvider>
  );
});

/** A shown error clears on the next navigation; lib/navigation.ts navigates through here. */
function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    setNavigator((path) => void navigate(path, { replace: true }));
  }, [navigate]);

  useEffect(() => {
    showFlash();
  }, []);

  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
