import type { WorkItemMessage } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { threadKeys, threadPath } from '../../components/work-item/work-item-ref.ts';
import { myAgendaQuery, myWeek } from '../../features/agenda/api/get-my-agenda.ts';
import { getContacts } from '../../features/chat/api/get-contacts.ts';
import { getMessages } from '../../features/chat/api/get-messages.ts';
import { chatKeys } from '../../features/chat/api/chat-keys.ts';
import { getMural } from '../../features/demands/api/get-mural.ts';
import { getMuralsSummary } from '../../features/demands/api/get-murals-summary.ts';
import { muralKeys } from '../../features/demands/api/keys.ts';
import { readListState, toSummaryQuery } from '../../features/demands/utils/list-params.ts';
import { fichaQuery } from '../../features/epi/api/get-ficha.ts';
import { myDeliveriesQuery } from '../../features/epi/api/get-my-deliveries.ts';
import { myEpiRequestsQuery } from '../../features/epi/api/get-my-requests.ts';
import { getServiceOrder } from '../../features/service-orders/api/get-service-order.ts';
import { osKey } from '../../features/service-orders/api/keys.ts';
import { api } from '../../lib/api-client.ts';
import type { PrefetchTask } from '../../lib/offline/prefetch.ts';

/** Demands (with their messages) and conversations opened offline without a visit first. */
const RECENT_DEMANDS = 8;
const RECENT_CONVERSATIONS = 5;

/** The OS of each entry of the week, with its checklist template (one call per OS). */
async function prefetchWeekOrders(queryClient: QueryClient, osIds: number[]) {
  await Promise.all(
    [...new Set(osIds)].map((id) =>
      queryClient.prefetchQuery({ queryKey: osKey(id), queryFn: () => getServiceOrder(id) }),
    ),
  );
}

/**
 * The technician's world, fetched once when the app opens with signal and kept in IndexedDB
 * (lib/offline/query-persistence.ts): the same query keys and fetchers as the screens, so
 * each screen opens offline from it. A role only gets the parts of screens it may open.
 */
export const OFFLINE_PREFETCH_TASKS: readonly PrefetchTask[] = [
  {
    name: 'agenda da semana e suas OS',
    screen: '/tatico/agenda',
    run: async ({ queryClient }) => {
      const { de, ate } = myWeek();
      const week = await queryClient.fetchQuery({ ...myAgendaQuery(de, ate), staleTime: 0 });
      await prefetchWeekOrders(
        queryClient,
        week.items.flatMap((e) => (e.os ? [e.os.id] : [])),
      );
    },
  },
  {
    name: 'EPIs, ficha e solicitações',
    screen: '/tatico/epi',
    run: ({ queryClient, user }) =>
      Promise.all([
        queryClient.prefetchQuery(myDeliveriesQuery()),
        queryClient.prefetchQuery(myEpiRequestsQuery()),
        queryClient.prefetchQuery(fichaQuery(user.id)),
      ]),
  },
  {
    name: 'demandas recentes e suas mensagens',
    screen: '/eproto/murals',
    run: async ({ queryClient }) => {
      const query = toSummaryQuery(readListState(new URLSearchParams()));
      const page = await queryClient.fetchQuery({
        queryKey: muralKeys.summary(query),
        queryFn: ({ signal }) => getMuralsSummary(query, signal),
      });
      await Promise.all(
        page.items.slice(0, RECENT_DEMANDS).flatMap((m) => [
          queryClient.prefetchQuery({
            queryKey: muralKeys.detail(m.id),
            queryFn: () => getMural(m.id),
          }),
          queryClient.prefetchQuery({
            queryKey: threadKeys.part({ kind: 'murals', id: m.id }, 'messages'),
            queryFn: ({ signal }) =>
              api.get<WorkItemMessage[]>(threadPath({ kind: 'murals', id: m.id }, 'messages'), {
                signal,
              }),
          }),
        ]),
      );
    },
  },
  {
    name: 'conversas recentes do chat',
    screen: '/operacional/chat',
    run: async ({ queryClient }) => {
      const contacts = await queryClient.fetchQuery({
        queryKey: chatKeys.contacts,
        queryFn: getContacts,
      });
      const recent = contacts.filter((c) => c.lastMessage).slice(0, RECENT_CONVERSATIONS);
      await Promise.all(
        recent.map((c) =>
          queryClient.prefetchInfiniteQuery({
            queryKey: chatKeys.messages(c.id),
            queryFn: ({ pageParam }) => getMessages(c.id, pageParam),
            initialPageParam: undefined as number | undefined,
          }),
        ),
      );
    },
  },
];
