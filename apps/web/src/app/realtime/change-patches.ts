import { RT_EVENTS, type RealtimeChange, type RealtimeEventType } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import {
  patchChatOnMessage,
  patchChatOnRead,
  patchRoomOnMessage,
  patchRoomOnRead,
} from '../../features/chat/api/chat-changes.ts';
import { patchContractsOnChange } from '../../features/contracts/api/get-contract-changes.ts';
import { patchBoardsOnChange } from '../../features/demands/api/get-board-changes.ts';
import { patchMuralTasksOnChange } from '../../features/demands/api/get-mural-task-changes.ts';
import { patchSummariesOnChange } from '../../features/demands/api/get-page-changes.ts';
import {
  patchAgendaOnChange,
  patchEntryPageOnChange,
} from '../../features/agenda/api/get-agenda-changes.ts';
import { patchSeenOnChange } from '../../features/demands/api/mark-mural-viewed.ts';
import { patchAssetsOnChange } from '../../features/assets/api/get-asset-changes.ts';
import { patchEpiOnChange } from '../../features/epi/api/get-epi-changes.ts';
import { patchFinanceOnChange } from '../../features/finance/api/get-finance-changes.ts';
import {
  patchInventoryOnChange,
  patchVehiclesOnChange,
} from '../../features/frota/api/get-fleet-changes.ts';
import { patchFeedOnChange } from '../../features/planning/api/get-feed-changes.ts';
import { patchPlanningOnChange } from '../../features/planning/api/get-planning-changes.ts';
import { patchBellOnRead } from '../../features/notifications/api/patch-bell.ts';
import { patchReviewsOnChange } from '../../features/reviews/api/get-review-changes.ts';
import { patchRequestsOnChange } from '../../features/solicitacoes/api/get-request-changes.ts';
import { patchSupportOnChange } from '../../features/support/api/get-ticket-changes.ts';
import { patchTaskListsOnChange } from '../../features/protocols/api/get-protocol-changes.ts';
import {
  patchOsListsOnChange,
  patchOsPageOnChange,
} from '../../features/service-orders/api/get-os-changes.ts';
import { osThreadChange } from '../../lib/changes/change-effects.ts';

type Patch = (queryClient: QueryClient, change: RealtimeChange) => Promise<void>;

/**
 * Caches a change patches row by row instead of refetching (the rest of what it touches is in
 * lib/changes/change-effects.ts, which leaves these alone): a demand's new version patches
 * its card on every open board, the pages of the Demandas list on screen and the rows of the
 * contracts overview it counts in; tasks' new
 * versions patch the pages of the task list and kanban and the demand's tasks tab; a demand
 * seen clears its unread marks; the feed prepends the events that came since its cursor; the
 * calendar and the team Gantt ask what changed in their range since the version; a
 * notification read marks it read in every bell, with the unread count the event carries. A
 * kanban move (data.move) is applied from the event by the boards, the Demandas pages, the
 * calendars and the Gantts that hold the demand at the version it started from (`from`), and
 * asked as above by those that do not; an
 * OS's change (a step on a phone) patches the pages of the OS list and the agendas on screen
 * from their own cursors (`updated_since`), and so does a change of the agenda itself (the
 * page of the OS or entry written is read once, unless it shows the change's version already);
 * a chat message shows in the conversation lists from its event's preview and the conversation
 * on screen asks only for it (`?updated_since=`), and a read marks the messages in place; a
 * demand's change and a finance step patch the finance list's page and its counters, and a
 * task's or demand's change and a queue move the review queue's pages and its badge; an asset's,
 * vehicle's or inventory item's change (with its version) patches the pages of its list on
 * screen (`…/changes`) and reads its own page once unless it shows that version;
 * an EPI delivery's or item's change patches the synced lists of deliveries that must show it
 * (Meus EPIs, fichas, the gestores' Entregas) from their cursors, a ticket's change the support
 * list's pages (`/support/tickets/changes`) and the ticket's page unless it shows the version,
 * and a request's change the /solicitacoes lists from their cursors and the request's page.
 */
const PATCHES: Partial<Record<RealtimeEventType, Patch>> = {
  [RT_EVENTS.muralChanged]: async (queryClient, change) => {
    await Promise.all([
      patchBoardsOnChange(queryClient, change),
      patchSummariesOnChange(queryClient, change),
      patchContractsOnChange(queryClient, change),
      patchFeedOnChange(queryClient, change),
      patchPlanningOnChange(queryClient, change),
      patchFinanceOnChange(queryClient, change),
      patchReviewsOnChange(queryClient, change),
    ]);
  },
  [RT_EVENTS.financeChanged]: patchFinanceOnChange,
  [RT_EVENTS.epiChanged]: patchEpiOnChange,
  [RT_EVENTS.supportChanged]: patchSupportOnChange,
  [RT_EVENTS.requestsChanged]: patchRequestsOnChange,
  [RT_EVENTS.reviewsChanged]: patchReviewsOnChange,
  [RT_EVENTS.muralViewed]: patchSeenOnChange,
  [RT_EVENTS.serviceOrderChanged]: async (queryClient, change) => {
    // A message, file or note of its thread changes neither the OS nor its agenda entry.
    if (osThreadChange(change)) return;
    await Promise.all([
      patchOsPageOnChange(queryClient, change),
      patchOsListsOnChange(queryClient),
      patchAgendaOnChange(queryClient),
    ]);
  },
  [RT_EVENTS.agendaChanged]: async (queryClient, change) => {
    await Promise.all([
      patchEntryPageOnChange(queryClient, change),
      patchAgendaOnChange(queryClient),
    ]);
  },
  [RT_EVENTS.assetsChanged]: patchAssetsOnChange,
  [RT_EVENTS.fleetChanged]: patchVehiclesOnChange,
  [RT_EVENTS.inventoryChanged]: patchInventoryOnChange,
  [RT_EVENTS.notificationRead]: patchBellOnRead,
  [RT_EVENTS.chatMessage]: patchChatOnMessage,
  [RT_EVENTS.chatRead]: patchChatOnRead,
  [RT_EVENTS.contractChatMessage]: patchRoomOnMessage,
  [RT_EVENTS.contractChatRead]: patchRoomOnRead,
  [RT_EVENTS.protocolChanged]: async (queryClient, change) => {
    await Promise.all([
      patchTaskListsOnChange(queryClient, change),
      patchMuralTasksOnChange(queryClient, change),
      patchFeedOnChange(queryClient, change),
      patchPlanningOnChange(queryClient, change),
      patchReviewsOnChange(queryClient, change),
    ]);
  },
};

/** Runs the patch of a change, if it has one. */
export function patchChange(queryClient: QueryClient, change: RealtimeChange): void {
  void PATCHES[change.type]?.(queryClient, change);
}

/**
 * Runs `fn` once no mutation of this tab is running: a write's own changes (X-Changes) are
 * patched after its mutation has put its answer in the cache, so a card the answer already
 * shows in its new version is not asked for again.
 */
export function afterMutations(queryClient: QueryClient, fn: () => void): void {
  if (queryClient.isMutating() === 0) return fn();
  const cache = queryClient.getMutationCache();
  const stop = cache.subscribe(() => {
    if (queryClient.isMutating() > 0) return;
    stop();
    fn();
  });
}
