import type { FastifyBaseLogger } from 'fastify';
import { createFieldAlertsService } from '../jobs/field-alerts.ts';
import { createAssistantService } from '../modules/assistant/assistant.service.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import { createOidcService } from '../modules/auth/oidc.service.ts';
import { createChatFilesService } from '../modules/chat/chat-files.service.ts';
import { createChatService } from '../modules/chat/chat.service.ts';
import { createContractChatService } from '../modules/chat/contract-chat.service.ts';
import { createPushService } from '../modules/push/push.service.ts';
import { createRecurrenceAdvanceService } from '../modules/recurrence/recurrence-advance.service.ts';
import { createRecurrenceService } from '../modules/recurrence/recurrence.service.ts';
import { createOsConcludeService } from '../modules/service-orders/service-order-conclude.service.ts';
import { createOsPhotosService } from '../modules/service-orders/service-order-photos.service.ts';
import { createOsResourcesService } from '../modules/service-orders/service-order-resources.service.ts';
import { createOsStepsService } from '../modules/service-orders/service-order-steps.service.ts';
import { createServiceOrdersService } from '../modules/service-orders/service-orders.service.ts';
import { createServiceTypesService } from '../modules/service-orders/service-types.service.ts';
import { createAprService } from '../modules/sst/apr.service.ts';
import { createPtService } from '../modules/sst/pt.service.ts';
import type { ServiceDeps } from '../deps.ts';
import { createMuralTasksService } from '../modules/protocols/mural-tasks.service.ts';
import { createProtocolDependenciesService } from '../modules/protocols/protocol-dependencies.service.ts';
import { createSstOsService } from '../modules/sst/sst-os.service.ts';
import { createSstService } from '../modules/sst/sst.service.ts';
import { createActivityService } from '../modules/activity/activity.service.ts';
import { createAdminUsersService } from '../modules/admin-users/admin-users.service.ts';
import { createAssetFilesService } from '../modules/assets/asset-files.service.ts';
import { createAssetMeterService } from '../modules/assets/asset-meter.service.ts';
import { createAssetLabelsService } from '../modules/assets/asset-labels.service.ts';
import { createAssetReportsService } from '../modules/assets/asset-reports.service.ts';
import { createPmocService } from '../modules/assets/pmoc.service.ts';
import { createAssetsService } from '../modules/assets/assets.service.ts';
import { createAssetPlansService } from '../modules/assets/assets-plans.service.ts';
import { createOsAssetsService } from '../modules/assets/assets-plans.os-assets.ts';
import { createDemandListTotals } from '../modules/murals/murals-cache.ts';
import { createMuralsListService, USER_VIEW_BYTES } from '../modules/murals/murals-list.service.ts';
import { createMuralsService } from '../modules/murals/murals.service.ts';
import { createFeedService } from '../modules/planning/feed.service.ts';
import { createGanttService } from '../modules/planning/gantt.service.ts';
import { createCalendarService as createPlanningCalendarService } from '../modules/planning/calendar.service.ts';
import { createTeamService } from '../modules/planning/team.service.ts';
import { createProtocolEditService } from '../modules/protocols/protocol-edit.service.ts';
import { createProtocolsService } from '../modules/protocols/protocols.service.ts';
import { createMuralParticipantsService } from '../modules/murals/mural-participants.service.ts';
import { muralThread } from '../modules/murals/mural-thread.ts';
import { protocolThread } from '../modules/protocols/protocol-thread.ts';
import { osThread } from '../modules/service-orders/service-order-thread.ts';
import { createWorkItemFilesService } from '../modules/work-items/work-item-files.service.ts';
import { createWorkItemHistoryService } from '../modules/work-items/work-item-history.service.ts';
import type { WorkItemAccess, WorkItemKind } from '../modules/work-items/work-item-kind.ts';
import { createWorkItemMessagesService } from '../modules/work-items/work-item-messages.service.ts';
import type { WorkItemThread } from '../modules/work-items/work-item-thread.ts';
import { createAgendaService } from '../modules/agenda/agenda.service.ts';
import { createBaselinesService } from '../modules/baselines/baselines.service.ts';
import { createTeamBaselinesService } from '../modules/baselines/team-baselines.service.ts';
import { createPlansService } from '../modules/plans/plans.service.ts';
import { createTimesheetsService } from '../modules/timesheets/timesheets.service.ts';
import { createCostsService } from '../modules/costs/costs.service.ts';
import { createBoardsService } from '../modules/boards/boards.service.ts';
import { createCalendarService } from '../modules/calendar/calendar.service.ts';
import { createCalendarFeedService } from '../modules/calendar-feed/calendar-feed.service.ts';
import { createEmailDigestService } from '../modules/email-digest/email-digest.service.ts';
import { createCompanyService } from '../modules/company/company.service.ts';
import { createLgpdExportService } from '../modules/lgpd/lgpd-export.service.ts';
import { createContractsService } from '../modules/contracts/contracts.service.ts';
import { createDeliveriesService } from '../modules/deliveries/deliveries.service.ts';
import { createEpiService } from '../modules/epi/epi.service.ts';
import { createFinanceService } from '../modules/finance/finance.service.ts';
import { createFleetService } from '../modules/fleet/fleet.service.ts';
import { createInventoryService } from '../modules/inventory/inventory.service.ts';
import { createApiTokensService } from '../modules/integrations/api-tokens.service.ts';
import { createInvitesService } from '../modules/invites/invites.service.ts';
import { createLoadService } from '../modules/planning/load.service.ts';
import { createProfileService } from '../modules/profile/profile.service.ts';
import { createRequestsService } from '../modules/requests/requests.service.ts';
import { createPresenceService } from '../modules/presence/presence.service.ts';
import { createReviewsService } from '../modules/reviews/reviews.service.ts';
import { serviceOrdersOfEntries } from '../modules/service-orders/agenda-link.ts';
import { createSearchService } from '../modules/search/search.service.ts';
import { createSupportService } from '../modules/support/support.service.ts';
import { createWebhooksService } from '../modules/webhooks/webhooks.service.ts';

/**
 * Every module service, built once per app with its collaborators (as Infisical's
 * routes/index.ts does). buildApp decorates the app with it; a route plugin takes its service
 * from `app.services` instead of building it (and what it needs) itself. A new service is one
 * line here; ESLint refuses a `create*Service` call in a route file.
 */
export function buildServices(
  deps: ServiceDeps,
  log: FastifyBaseLogger,
  onClose: (stop: () => void) => void,
) {
  // The demand list totals of this node follow the bus until the app closes.
  const demandTotals = createDemandListTotals(deps.events);
  onClose(demandTotals.stop);

  // Collaborators first: a service that needs another gets the one built here.
  const company = createCompanyService(deps);
  const auth = createAuthService(deps, { company });
  const agenda = createAgendaService(deps, serviceOrdersOfEntries);
  const chatFiles = createChatFilesService(deps);
  const chat = createChatService(deps, { files: chatFiles });
  const requests = createRequestsService(deps);
  const inventory = createInventoryService(deps);
  const fleet = createFleetService(deps);
  const epi = createEpiService(deps, { company, requests });
  const sst = createSstService(deps);
  const team = createTeamService(deps);
  const protocols = createProtocolsService(deps);
  const protocolEdits = createProtocolEditService(deps, { protocols });
  const muralTasks = createMuralTasksService(deps, { protocolEdits });
  const reviews = createReviewsService(deps, { protocolEdits });
  const murals = createMuralsService(deps);
  const muralsList = createMuralsListService(deps, {
    totals: demandTotals.totals,
    cardBytes: deps.config.CACHE_SUMMARY_CARDS_MB * 1_048_576,
    viewEntries: Math.floor((deps.config.CACHE_USER_VIEWS_MB * 1_048_576) / USER_VIEW_BYTES),
  });
  const threads = {
    murals: threadOf(deps, muralThread),
    protocols: threadOf(deps, protocolThread),
    os: threadOf(deps, osThread),
  };

  return {
    activity: createActivityService(deps),
    adminUsers: createAdminUsersService(deps, { auth }),
    agenda,
    apiTokens: createApiTokensService(deps),
    aprs: createAprService(deps),
    assetFiles: createAssetFilesService(deps),
    assetLabels: createAssetLabelsService(deps),
    assetMeter: createAssetMeterService(deps),
    assetPlans: createAssetPlansService(deps, { agenda }),
    assetReports: createAssetReportsService(deps, { requests }),
    assets: createAssetsService(deps),
    assistant: createAssistantService(deps, log, {
      agenda,
      epi,
      fleet,
      inventory,
      murals,
      muralsList,
      muralTasks,
      protocols,
      reviews,
      threads,
    }),
    auth,
    baselines: createBaselinesService(deps),
    boards: createBoardsService(deps),
    calendar: createCalendarService(deps),
    calendarFeed: createCalendarFeedService(deps, { agenda }),
    chat,
    chatFiles,
    company,
    contractChat: createContractChatService(deps, { files: chatFiles }),
    contracts: createContractsService(deps),
    costs: createCostsService(deps),
    deliveries: createDeliveriesService(deps),
    emailDigest: createEmailDigestService(deps, { agenda }),
    epi,
    feed: createFeedService(deps),
    fieldAlerts: createFieldAlertsService(deps, { fleet, inventory, epi }),
    finance: createFinanceService(deps),
    fleet,
    gantt: createGanttService(deps, { teams: team }),
    inventory,
    invites: createInvitesService(deps),
    lgpdExport: createLgpdExportService(deps),
    load: createLoadService(deps, { teams: team }),
    muralParticipants: createMuralParticipantsService(deps),
    murals,
    muralsList,
    muralTasks,
    notifications: deps.notifications,
    oidc: createOidcService(deps, auth),
    osAssets: createOsAssetsService(deps),
    osConclude: createOsConcludeService(deps, { company }),
    osPhotos: createOsPhotosService(deps),
    osResources: createOsResourcesService(deps, { inventory, fleet }),
    osSteps: createOsStepsService(deps),
    planningCalendar: createPlanningCalendarService(deps),
    plans: createPlansService(deps),
    pmoc: createPmocService(deps, { company }),
    presence: createPresenceService(deps),
    profile: createProfileService(deps, { auth }),
    protocolDependencies: createProtocolDependenciesService(deps),
    protocolEdits,
    protocols,
    pts: createPtService(deps),
    pushDevices: createPushService({ ...deps, push: required(deps.push, 'deps.push') }),
    recurrence: createRecurrenceService(deps),
    recurrenceAdvance: createRecurrenceAdvanceService(deps),
    requests,
    reviews,
    search: createSearchService(deps, { chat, requests }),
    serviceOrders: createServiceOrdersService(deps, { agenda }),
    serviceTypes: createServiceTypesService(deps),
    sst,
    sstOs: createSstOsService(deps, { sst }),
    support: createSupportService(deps),
    team,
    teamBaselines: createTeamBaselinesService(deps, { teams: team }),
    threads,
    timesheets: createTimesheetsService(deps),
    webhooks: createWebhooksService(deps),
  };
}

/** The services behind one kind's thread (messages, attachments, history). */
function threadOf<F extends string, A extends WorkItemAccess>(
  deps: ServiceDeps,
  kind: WorkItemKind<F, A>,
): WorkItemThread<F, A> {
  return {
    messages: createWorkItemMessagesService(deps, kind),
    files: createWorkItemFilesService(deps, kind),
    history: createWorkItemHistoryService(deps, kind),
  };
}

/** A collaborator buildApp always makes, though hand-built deps in tests may leave it out. */
function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`buildServices needs ${name} (buildApp makes it).`);
  return value;
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The module services, built once (app/services.ts). */
    services: Services;
  }
}
