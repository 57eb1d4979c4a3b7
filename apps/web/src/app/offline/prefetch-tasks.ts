import { materialsPickerQuery } from '../../components/pickers/materials.ts';
import { threadMessagesQuery } from '../../components/work-item/api/get-thread-messages.ts';
import { myAgendaQuery, myWeek } from '../../features/agenda/api/get-my-agenda.ts';
import { getContacts } from '../../features/chat/api/get-contacts.ts';
import { chatKeys } from '../../features/chat/api/chat-keys.ts';
import { messagesQuery } from '../../features/chat/api/get-messages.ts';
import { getMural } from '../../features/demands/api/get-mural.ts';
import { getMuralsSummary } from '../../features/demands/api/get-murals-summary.ts';
import { muralKeys } from '../../features/demands/api/keys.ts';
import { readListState, toSummaryQuery } from '../../features/demands/utils/list-params.ts';
import { fichaQuery } from '../../features/epi/api/get-ficha.ts';
import { myDeliveriesQuery } from '../../features/epi/api/get-my-deliveries.ts';
import { myEpiRequestsQuery } from '../../features/epi/api/get-my-requests.ts';
import { getServiceOrder } from '../../features/service-orders/api/get-service-order.ts';
import { osAssetsQuery } from '../../features/service-orders/api/os-assets.ts';
import {
  myOpenOrdersFilters,
  serviceOrdersQuery,
} from '../../features/service-orders/api/get-service-orders.ts';
import {
  serviceTypeQuery,
  serviceTypesQuery,
} from '../../features/service-orders/api/get-service-types.ts';
import { osKey } from '../../features/service-orders/api/keys.ts';
import { fetchListChanges, prefetchDetail, type PrefetchTask } from '../../lib/offline/prefetch.ts';
import type { OsDetail } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

/** Demands (with their messages) and conversations opened offline without a visit first. */
const RECENT_DEMANDS = 8;
const RECENT_CONVERSATIONS = 5;

/**
 * An OS for offline use, fetched again when its row changed; an OS that serves assets brings
 * its assets and their answers too (answered per asset, docs/assets.md).
 */
async function prefetchOs(queryClient: QueryClient, id: number, changed: boolean) {
  await prefetchDetail(
    queryClient,
    { queryKey: osKey(id), queryFn: () => getServiceOrder(id) },
    changed,
  );
  const os = queryClient.getQueryData<OsDetail>(osKey(id));
  if (os && os.ativos > 0) await prefetchDetail(queryClient, osAssetsQuery(id), changed);
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
      // The week syncs by cursor; an entry also changes when its OS does, so only the OS of
      // entries that changed (or that are not kept yet) are fetched again.
      const week = await fetchListChanges(queryClient, myAgendaQuery(de, ate), (d) => d.items);
      const changed = new Set(week.changed);
      await Promise.all(
        week.all.flatMap((e) => (e.os ? [prefetchOs(queryClient, e.os.id, changed.has(e))] : [])),
      );
    },
  },
  {
    // What the OSs need offline even if their screens were never opened online: the
    // technician's open OSs (any day), the material picker with stock as last known, the
    // service types and the checklist of each type in use.
    name: 'OS abertas, materiais, tipos de serviço e checklists',
    screen: '/tatico/agenda',
    run: async ({ queryClient, user }) => {
      const [open] = await Promise.all([
        fetchListChanges(
          queryClient,
          serviceOrdersQuery(myOpenOrdersFilters(user.id)),
          (d) => d.items,
        ),
        queryClient.fetchQuery({ ...materialsPickerQuery(), staleTime: 0 }),
        queryClient.fetchQuery({ ...serviceTypesQuery(), staleTime: 0 }),
      ]);
      const changed = new Set(open.changed);
      const types = new Set(open.all.map((o) => o.tipo.id));
      await Promise.all([
        ...open.all.map((o) => prefetchOs(queryClient, o.id, changed.has(o))),
        ...[...types].map((id) => prefetchDetail(queryClient, serviceTypeQuery(id), true)),
      ]);
    },
  },
  {
    name: 'EPIs, ficha e solicitações',
    screen: '/tatico/epi',
    run: async ({ queryClient, user }) => {
      const [mine] = await Promise.all([
        fetchListChanges(queryClient, myDeliveriesQuery(), (d) => d.items),
        queryClient.fetchQuery({ ...myEpiRequestsQuery(), staleTime: 0 }),
      ]);
      // The ficha lists the same deliveries: fetched again only when one of them changed.
      await prefetchDetail(queryClient, fichaQuery(user.id), mine.changed.length > 0);
    },
  },
  {
    name: 'demandas recentes e suas mensagens',
    screen: '/eproto/murals',
    run: async ({ queryClient }) => {
      const query = toSummaryQuery(readListState(new URLSearchParams()));
      const page = await fetchListChanges(
        queryClient,
        {
          queryKey: muralKeys.summary(query),
          queryFn: ({ signal }) => getMuralsSummary(query, signal),
        },
        (d) => d.items,
      );
      const changed = new Set(page.changed);
      await Promise.all(
        page.all.slice(0, RECENT_DEMANDS).flatMap((m) => [
          prefetchDetail(
            queryClient,
            { queryKey: muralKeys.detail(m.id), queryFn: () => getMural(m.id) },
            changed.has(m),
          ),
          // Its thread syncs by the newest kept message: only what was posted since.
          prefetchDetail(
            queryClient,
            threadMessagesQuery({ kind: 'murals', id: m.id }),
            changed.has(m),
          ),
        ]),
      );
    },
  },
  {
    name: 'conversas recentes do chat',
    screen: '/operacional/chat',
    run: async ({ queryClient }) => {
      const contacts = await fetchListChanges(
        queryClient,
        { queryKey: chatKeys.contacts, queryFn: getContacts },
        (d) => d,
      );
      const changed = new Set(contacts.changed);
      const recent = contacts.all.filter((c) => c.lastMessage).slice(0, RECENT_CONVERSATIONS);
      await Promise.all(
        // The newest page syncs by its cursor: only what was posted or read since.
        recent.map((c) =>
          queryClient.prefetchInfiniteQuery({
            ...messagesQuery(c.id),
            staleTime: changed.has(c) ? 0 : Infinity,
          }),
        ),
      );
    },
  },
];
