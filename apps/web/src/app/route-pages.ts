import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';

type LazyPage = LazyExoticComponent<ComponentType>;

/** "Em breve" placeholder shared by every area not built yet (one chunk, loaded once). */
const ComingSoonPage = lazy(() => import('../components/coming-soon-page.tsx'));

/**
 * Lazy page of each protected route pattern of ROUTE_ACCESS. When an area lands, add its
 * entry here, e.g. '/eproto/murals': lazy(() => import('../features/murals/pages/...')).
 */
const PAGES: Partial<Record<string, LazyPage>> = {
  '/users': lazy(() => import('../features/admin-users/pages/users-page.tsx')),
  '/users/invite': lazy(() => import('../features/invites/pages/invites-page.tsx')),
  '/users/activity': lazy(() => import('../features/activity/pages/activity-page.tsx')),
  '/ti/help': lazy(() => import('../features/support/pages/tickets-page.tsx')),
  '/ti/help/:id': lazy(() => import('../features/support/pages/ticket-page.tsx')),
  '/profile': lazy(() => import('../features/profile/pages/profile-page.tsx')),
  '/operacional/chat': lazy(() => import('../features/chat/pages/chat-page.tsx')),
  '/operacional/chat-contrato': lazy(() => import('../features/chat/pages/contract-chat-page.tsx')),
  '/ai/assistente': lazy(() => import('../features/assistant/pages/assistant-page.tsx')),
  '/eproto/gantt': lazy(() => import('../features/planning/pages/gantt-page.tsx')),
  '/eproto/calendar': lazy(() => import('../features/planning/pages/calendar-page.tsx')),
  '/eproto/feed': lazy(() => import('../features/planning/pages/feed-page.tsx')),
  '/eproto/quadros': lazy(() => import('./pages/boards-page-route.tsx')),
  '/eproto/murals': lazy(() => import('./pages/murals-page-route.tsx')),
  '/eproto/murals/:id': lazy(() => import('./pages/mural-page-route.tsx')),
  '/contracts': lazy(() => import('../features/contracts/pages/contracts-admin-page.tsx')),
  '/eproto/contracts': lazy(
    () => import('../features/contracts/pages/contracts-overview-page.tsx'),
  ),
  '/eproto/protocols': lazy(() => import('../features/protocols/pages/protocols-page.tsx')),
  '/eproto/protocols/:id': lazy(() => import('../features/protocols/pages/protocol-page.tsx')),
  '/eproto/reviews': lazy(() => import('../features/reviews/pages/reviews-page.tsx')),
  '/tatico/frota': lazy(() => import('../features/frota/pages/frota-page.tsx')),
  '/tatico/epi': lazy(() => import('../features/epi/pages/epi-page.tsx')),
  '/tatico/agenda': lazy(() => import('../features/agenda/pages/agenda-page.tsx')),
  '/solicitacoes': lazy(() => import('../features/solicitacoes/pages/solicitacoes-page.tsx')),
};

/** The lazy page component of a route pattern ("Em breve" until the area exists). */
export function pageFor(path: string): LazyPage {
  return PAGES[path] ?? ComingSoonPage;
}
