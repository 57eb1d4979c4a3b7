import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../deps.ts';
import { activityRoutes } from './activity/activity.routes.ts';
import { assetsRoutes } from './assets/assets.routes.ts';
import { assetFilesRoutes } from './assets/asset-files.routes.ts';
import { assetMeterRoutes } from './assets/asset-meter.routes.ts';
import { assetLabelsRoutes } from './assets/asset-labels.routes.ts';
import { assetPublicRoutes } from './assets/asset-public.routes.ts';
import { assetPlansRoutes, osAssetsRoutes } from './assets/assets-plans.routes.ts';
import { pmocRoutes, publicPmocRoutes } from './assets/pmoc.routes.ts';
import { deliveriesRoutes } from './deliveries/deliveries.routes.ts';
import { adminUsersRoutes } from './admin-users/admin-users.routes.ts';
import { invitesRoutes } from './invites/invites.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { lgpdRoutes } from './lgpd/lgpd.routes.ts';
import {
  calendarFeedRoutes,
  publicCalendarFeedRoutes,
} from './calendar-feed/calendar-feed.routes.ts';
import { emailDigestRoutes, publicEmailDigestRoutes } from './email-digest/email-digest.routes.ts';
import { supportRoutes } from './support/support.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { contractChatRoutes } from './chat/contract-chat.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { fleetRoutes } from './fleet/fleet.routes.ts';
import { inventoryRoutes } from './inventory/inventory.routes.ts';
import { epiRoutes } from './epi/epi.routes.ts';
import { sstRoutes } from './sst/sst.routes.ts';
import { sstOsRoutes } from './sst/sst-os.routes.ts';
import { aprPtRoutes } from './sst/apr-pt.routes.ts';
import { requestsRoutes } from './requests/requests.routes.ts';
import { agendaRoutes } from './agenda/agenda.routes.ts';
import { boardsRoutes } from './boards/boards.routes.ts';
import { contractsRoutes } from './contracts/contracts.routes.ts';
import { muralsRoutes } from './murals/murals.routes.ts';
import { planningRoutes } from './planning/planning.routes.ts';
import { assistantRoutes } from './assistant/assistant.routes.ts';
import { protocolsRoutes } from './protocols/protocols.routes.ts';
import { tasksRoutes } from './protocols/tasks.routes.ts';
import { muralTasksRoutes } from './protocols/mural-tasks.routes.ts';
import { presenceRoutes } from './presence/presence.routes.ts';
import { reviewsRoutes } from './reviews/reviews.routes.ts';
import { financeRoutes } from './finance/finance.routes.ts';
import { recurrenceRoutes } from './recurrence/recurrence.routes.ts';
import { companyRoutes } from './company/company.routes.ts';
import { integrationsRoutes } from './integrations/integrations.routes.ts';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { baselinesRoutes } from './baselines/baselines.routes.ts';
import { teamBaselinesRoutes } from './baselines/team-baselines.routes.ts';
import { plansRoutes } from './plans/plans.routes.ts';
import { timesheetsRoutes } from './timesheets/timesheets.routes.ts';
import { costsRoutes } from './costs/costs.routes.ts';
import { pushRoutes } from './push/push.routes.ts';
import { webhooksRoutes } from './webhooks/webhooks.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { serviceOrdersRoutes } from './service-orders/service-orders.routes.ts';
import { publicOsRoutes } from './service-orders/public-os.routes.ts';
import { osThreadRoutes } from './service-orders/service-order-thread.ts';
import { pickersRoutes } from './pickers/pickers.routes.ts';

/** Every API module and where it is mounted; each later area adds one line here. */
export const MODULES: Array<[prefix: string, plugin: FastifyPluginAsyncZod<ServiceDeps>]> = [
  ['/api', healthRoutes],
  ['/api/auth', authRoutes],
  ['/api/users', usersRoutes],
  ['/api/eproto/notifications', notificationsRoutes],
  ['/api/events', eventsRoutes],
  ['/api/chat', chatRoutes],
  ['/api/contract-chat', contractChatRoutes],
  ['/api/users', adminUsersRoutes],
  ['/api/invites', invitesRoutes],
  ['/api/activity', activityRoutes],
  ['/api/deliveries', deliveriesRoutes],
  ['/api/support/tickets', supportRoutes],
  ['/api/profile', profileRoutes],
  ['/api/profile/calendario', calendarFeedRoutes],
  ['/api/profile/meus-dados', lgpdRoutes],
  ['/api/public/calendario', publicCalendarFeedRoutes],
  ['/api/profile/resumo-diario', emailDigestRoutes],
  ['/api/public/resumo-diario', publicEmailDigestRoutes],
  ['/api/empresa', companyRoutes],
  ['/api/integrations', integrationsRoutes],
  ['/api/calendario', calendarRoutes],
  ['/api/eproto/baselines', baselinesRoutes],
  ['/api/eproto/team/baselines', teamBaselinesRoutes],
  ['/api/eproto/horas', timesheetsRoutes],
  ['/api/eproto/custos', costsRoutes],
  ['/api/tatico', pickersRoutes],
  ['/api/tatico/frota', fleetRoutes],
  ['/api/tatico/inventario', inventoryRoutes],
  ['/api/tatico/epi', epiRoutes],
  ['/api/tatico/sst', sstRoutes],
  ['/api/tatico/sst', sstOsRoutes],
  ['/api/tatico/sst', aprPtRoutes],
  ['/api/solicitacoes', requestsRoutes],
  ['/api/tatico/agenda', agendaRoutes],
  ['/api/tatico/os', serviceOrdersRoutes],
  ['/api/tatico/os', osThreadRoutes],
  ['/api/tatico/ativos', assetPlansRoutes],
  ['/api/tatico/ativos', pmocRoutes],
  ['/api/public/pmoc', publicPmocRoutes],
  ['/api/tatico/ativos', assetsRoutes],
  ['/api/tatico/ativos', assetFilesRoutes],
  ['/api/tatico/ativos', assetMeterRoutes],
  ['/api/tatico/ativos', assetLabelsRoutes],
  ['/api/public/ativos', assetPublicRoutes],
  ['/api/tatico/os', osAssetsRoutes],
  ['/api/public/os', publicOsRoutes],
  ['/api/eproto', contractsRoutes],
  ['/api/eproto/boards', boardsRoutes],
  ['/api/eproto/murals', muralsRoutes],
  ['/api/eproto/murals', muralTasksRoutes],
  ['/api/eproto/murals', plansRoutes],
  ['/api/eproto', planningRoutes],
  ['/api/eproto/protocols', protocolsRoutes],
  ['/api/eproto/tasks', tasksRoutes],
  ['/api/eproto/reviews', reviewsRoutes],
  ['/api/eproto/presence', presenceRoutes],
  ['/api/eproto/financeiro', financeRoutes],
  ['/api/eproto/recurrence', recurrenceRoutes],
  ['/api/ai', assistantRoutes],
  ['/api/push', pushRoutes],
  ['/api/integrations/webhooks', webhooksRoutes],
  ['/api/search', searchRoutes],
];
