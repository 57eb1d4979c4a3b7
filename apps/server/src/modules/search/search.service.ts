import {
  canAccess,
  formatPlate,
  OS_STATUS_LABELS,
  REQUEST_STATUS_LABELS,
  REQUEST_TYPE_LABELS,
  roleOf,
  ROLE_LABELS,
  SEARCH_AREA_LABELS,
  SEARCH_AREAS,
  SEARCH_MIN_LENGTH,
  searchNumber,
  searchWords,
  STAGE_LABELS,
  type Stage,
  type OsStatus,
  type RequestStatus,
  type RequestType,
  type SearchArea,
  type SearchItem,
  type SearchResponse,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { contractScopeSql, muralScopeSql, protocolScopeByRowSql } from '../access/scope.service.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { RequestsService } from '../requests/requests.service.ts';
import { plateTerms } from '../../db/search-match.ts';
import {
  createSearchRepo,
  rowsOf,
  type AreaPlan,
  type AreaRow,
  type SearchInput,
} from './search.repo.ts';

const enc = encodeURIComponent;
const excerpt = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** An area the user may search: its scope, how many rows to fetch, how to show each one. */
interface Planned<A extends SearchArea> {
  scope: AreaPlan['scope'];
  /** Rows to fetch (more than shown when some are filtered out afterwards). */
  fetch?: number;
  show: (rows: Array<AreaRow<A>>, limit: number) => SearchItem[] | Promise<SearchItem[]>;
}

/** Decides for one user whether an area is searched (null: no group at all) and how. */
type AreaRule<A extends SearchArea> = (u: SessionUser) => Promise<Planned<A> | null>;

/**
 * Global search (Ctrl+K): each area answers only what the user may open, through the scope
 * rules of the module that owns it (access/scope.service, the chat's contact rule, the
 * requests' scope, the route table for fleet and inventory). The scopes are worked out
 * together, then every area runs in one statement (search.repo): a search costs the pool one
 * connection and one round trip, not eight.
 */
export function createSearchService(
  deps: ServiceDeps,
  { chat, requests: requestsService }: { chat: ChatService; requests: RequestsService },
) {
  const repo = createSearchRepo(deps.database.db);
  const osAccess = deps.access.os();

  const rules: { [A in SearchArea]: AreaRule<A> } = {
    demandas: async (u) => ({
      scope: muralScopeSql(u),
      show: (rows) =>
        rows.map((r) => ({
          id: r.id,
          title: `#${r.id} ${r.titulo}`,
          subtitle: `${STAGE_LABELS[r.stage as Stage]} · ${r.board}`,
          link: `/eproto/murals/${r.id}`,
        })),
    }),

    tarefas: async (u) => ({
      scope: protocolScopeByRowSql(u),
      show: (rows) =>
        rows.map((r) => ({
          id: r.id,
          title: r.titulo,
          subtitle: `${STAGE_LABELS[r.stage as Stage]} · ${r.mural}`,
          link: `/eproto/protocols/${r.id}`,
        })),
    }),

    // The OS module's own rule: equipe the OSs they are on, gestores those of their contracts.
    ordens_servico: async (u) => {
      if (!canAccess(u.rawType, '/tatico/agenda/os/:id')) return null;
      return {
        scope: await osAccess.listWhere(u),
        show: (rows) =>
          rows.map((r) => ({
            id: r.id,
            title: `OS ${r.codigo} — ${r.tipo}`,
            subtitle: `${OS_STATUS_LABELS[r.status as OsStatus]} · ${r.local}`,
            link: `/tatico/agenda/os/${r.id}`,
          })),
      };
    },

    contratos: async (u) => {
      const page = canAccess(u.rawType, '/eproto/contracts')
        ? '/eproto/contracts'
        : canAccess(u.rawType, '/contracts')
          ? '/contracts'
          : null;
      if (!page) return null;
      return {
        scope: contractScopeSql(u),
        show: (rows) =>
          rows.map((r) => ({
            id: r.id,
            title: `${r.codigo} — ${r.nome}`,
            subtitle: r.cliente,
            link: `${page}?busca=${enc(r.codigo)}`,
          })),
      };
    },

    // People open in user administration (ti, administrador: everybody) or in the chat (the
    // people the chat lets the user talk to); other roles have nowhere to open a person.
    pessoas: async (u) => {
      const admin = canAccess(u.rawType, '/users');
      if (!admin && !canAccess(u.rawType, '/operacional/chat')) return null;
      return {
        scope: undefined,
        fetch: admin ? undefined : 4,
        show: async (found, limit) => {
          const shown = admin ? found : (await chat.reachable(u, found)).slice(0, limit);
          return shown.map((p) => ({
            id: p.id,
            title: p.nome,
            subtitle: `${ROLE_LABELS[roleOf(p.role)]} · ${p.email}`,
            link: admin ? `/users?busca=${enc(p.email)}` : `/operacional/chat?com=${p.id}`,
          }));
        },
      };
    },

    veiculos: async (u) => {
      if (!canAccess(u.rawType, '/tatico/frota')) return null;
      return {
        scope: undefined,
        show: (rows) =>
          rows.map((r) => ({
            id: r.id,
            title: formatPlate(r.placa),
            subtitle: `${r.marca} ${r.modelo}`,
            link: `/tatico/frota?veiculo=${r.id}`,
          })),
      };
    },

    inventario: async (u) => {
      if (!canAccess(u.rawType, '/tatico/frota')) return null;
      return {
        scope: undefined,
        show: (rows) =>
          rows.map((r) => ({
            id: r.id,
            title: `${r.codigo} — ${r.nome}`,
            subtitle: `${r.categoria} · ${r.localizacao}`,
            link: `/tatico/frota?aba=inventario&item=${r.id}`,
          })),
      };
    },

    solicitacoes: async (u) => {
      if (!canAccess(u.rawType, '/solicitacoes')) return null;
      return {
        scope: await requestsService.scopeSql(u),
        show: (rows) =>
          rows.map((r) => ({
            id: r.id,
            title: `#${r.id} ${REQUEST_TYPE_LABELS[r.tipo as RequestType]}`,
            subtitle: `${REQUEST_STATUS_LABELS[r.status as RequestStatus]} · ${excerpt(r.descricao)}`,
            link: `/solicitacoes?id=${r.id}`,
          })),
      };
    },
  };

  /** The user's areas (their scope and display), or null when the text is too short. */
  async function prepare(u: SessionUser, q: string, limit: number) {
    const text = q.trim();
    const terms: SearchInput = {
      text,
      words: searchWords(text),
      number: searchNumber(text),
      plate: plateTerms(text),
    };
    if (text.length < SEARCH_MIN_LENGTH && terms.number === null)
      return { text, terms, searched: null };
    const planned = await Promise.all(
      SEARCH_AREAS.map(async (area) => ({ area, plan: await rules[area](u) })),
    );
    const searched = planned.filter(
      (p): p is { area: SearchArea; plan: Planned<SearchArea> } => p.plan !== null,
    );
    const plans: AreaPlan[] = searched.map(({ area, plan }) => ({
      area,
      scope: plan.scope,
      limit: limit * (plan.fetch ?? 1),
    }));
    return { text, terms, searched, plans };
  }

  return {
    /** Results grouped by area, only groups with results, in SEARCH_AREAS order. */
    async search(u: SessionUser, q: string, limit: number): Promise<SearchResponse> {
      const { text, terms, searched, plans } = await prepare(u, q, limit);
      if (!searched) return { q: text, groups: [] };
      const found = await repo.search(plans, terms);
      const groups = await Promise.all(
        searched.map(async ({ area, plan }) => ({
          area,
          label: SEARCH_AREA_LABELS[area],
          items: await plan.show(rowsOf(found, area) as never, limit),
        })),
      );
      return { q: text, groups: groups.filter((g) => g.items.length > 0) };
    },

    /** What `search` would run for this user and text (apps/server/src/ops/search-plans.ts explains it). */
    async statement(u: SessionUser, q: string, limit: number) {
      const { terms, plans } = await prepare(u, q, limit);
      return { terms, plans: plans ?? [] };
    },
  };
}
