import { findRoute } from '@eproto/domain';
import type { ComponentType, FunctionComponent } from 'react';

import { preloadable } from '../lib/preloadable.ts';

type LazyPage = ComponentType;
type PageModule = Promise<{ default: ComponentType }>;
/** A module whose `prefetch` starts the page's first queries (see boards-page-prefetch.ts). */
type DataModule = Promise<{ prefetch: (search: URLSearchParams) => void }>;

type PreloadablePage = FunctionComponent & {
  /** Starts the page's chunk (and its data module) without rendering it; settles with it. */
  warm?: () => Promise<unknown>;
  prefetch?: (search: URLSearchParams) => void;
};

/**
 * A lazy page that can also be fetched ahead: RouteGuard starts the chunk of the opened route
 * together with the shell's, and its first data as soon as the session is known, instead of
 * one after the other (bench/browser.ts: the 1,000-card board waited ~0.9 s for both).
 */
function page(load: () => PageModule, data?: () => DataModule): LazyPage {
  // Rendered at once when its chunk has arrived (lib/preloadable.ts), else as React.lazy.
  const lazyPage = preloadable(load);
  const component: PreloadablePage = lazyPage;
  component.warm = () => {
    // The small data module first: asked for after the page's ~100 chunks, it would wait for
    // them on the browser's six connections per host (HTTP/1.1).
    void data?.().catch(() => undefined);
    return lazyPage.preload();
  };
  if (data) {
    component.prefetch = (search) =>
      void data()
        .then((m) => m.prefetch(search))
        .catch(() => undefined);
  }
  return component;
}

/**
 * Lazy page of each protected route pattern of ROUTE_ACCESS (a test checks none is missing):
 * a new route adds its entry here, e.g. '/eproto/x': page(() => import('../features/x/...')).
 */
const PAGES: Partial<Record<string, LazyPage>> = {
  '/users': page(() => import('./pages/users-page-route.tsx')),
  '/users/invite': page(() => import('../features/invites/pages/invites-page.tsx')),
  '/users/activity': page(() => import('../features/activity/pages/activity-page.tsx')),
  '/ti/help': page(() => import('../features/support/pages/tickets-page.tsx')),
  '/ti/help/:id': page(() => import('../features/support/pages/ticket-page.tsx')),
  '/profile': page(() => import('../features/profile/pages/profile-page.tsx')),
  '/operacional/chat': page(() => import('../features/chat/pages/chat-page.tsx')),
  '/operacional/chat-contrato': page(() => import('../features/chat/pages/contract-chat-page.tsx')),
  '/ai/assistente': page(() => import('../features/assistant/pages/assistant-page.tsx')),
  '/eproto/gantt': page(() => import('../features/planning/pages/gantt-page.tsx')),
  '/eproto/calendar': page(() => import('../features/planning/pages/calendar-page.tsx')),
  '/eproto/feed': page(() => import('../features/planning/pages/feed-page.tsx')),
  '/eproto/quadros': page(
    () => import('./pages/boards-page-route.tsx'),
    () => import('./pages/boards-page-prefetch.ts'),
  ),
  '/eproto/murals': page(() => import('./pages/murals-page-route.tsx')),
  '/eproto/murals/:id': page(() => import('./pages/mural-page-route.tsx')),
  '/contracts': page(() => import('../features/contracts/pages/contracts-admin-page.tsx')),
  '/eproto/contracts': page(
    () => import('../features/contracts/pages/contracts-overview-page.tsx'),
  ),
  '/eproto/protocols': page(() => import('../features/protocols/pages/protocols-page.tsx')),
  '/eproto/protocols/:id': page(() => import('../features/protocols/pages/protocol-page.tsx')),
  '/eproto/reviews': page(() => import('../features/reviews/pages/reviews-page.tsx')),
  '/tatico/frota': page(() => import('../features/frota/pages/frota-page.tsx')),
  '/tatico/epi': page(() => import('./pages/epi-page-route.tsx')),
  '/tatico/agenda': page(() => import('./pages/agenda-page-route.tsx')),
  '/tatico/agenda/os/:id': page(
    () => import('../features/service-orders/pages/service-order-page.tsx'),
  ),
  '/tatico/agenda/ativos/:id': page(() => import('./pages/asset-page-route.tsx')),
  '/solicitacoes': page(() => import('../features/solicitacoes/pages/solicitacoes-page.tsx')),
};

/** The lazy page component of a route pattern (undefined for a pattern without a page). */
export function pageFor(path: string): LazyPage | undefined {
  return PAGES[path];
}

const pageOf = (pathname: string): PreloadablePage | undefined => {
  const route = findRoute(pathname);
  return route ? (PAGES[route.path] as PreloadablePage | undefined) : undefined;
};

/** Starts downloading the page chunk of a pathname (before the shell asks for it). */
export function preloadPage(pathname: string): Promise<unknown> {
  return pageOf(pathname)?.warm?.() ?? Promise.resolve();
}

/** Starts the first queries of a pathname's page, once the session allows it. */
export function prefetchPage(pathname: string, search: string): void {
  pageOf(pathname)?.prefetch?.(new URLSearchParams(search));
}
