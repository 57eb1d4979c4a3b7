import {
  canAccess,
  formatPlate,
  mercosulOf,
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
  type SearchArea,
  type SearchItem,
  type SearchResponse,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { contractScopeSql, muralScopeSql, protocolScopeSql } from '../access/scope.service.ts';
import { createChatService } from '../chat/chat.service.ts';
import { createRequestsService } from '../requests/requests.service.ts';
import { createOsAccess } from '../service-orders/service-order-access.ts';
import type { SearchTerms } from '../../lib/search-match.ts';
import { createSearchRepo, type PlateTerms } from './search.repo.ts';

type Searcher = (u: SessionUser, t: SearchTerms, limit: number) => Promise<SearchItem[] | null>;

const enc = encodeURIComponent;
const excerpt = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The plate forms of a text that could be (part of) a plate: 3 to 7 letters and digits. */
export function plateTerms(text: string): PlateTerms | null {
  const compact = text.toUpperCase().replace(/[\s.-]/g, '');
  if (!/^[A-Z0-9]{3,7}$/.test(compact) || !/[0-9]/.test(compact)) return null;
  return { compact, mercosul: mercosulOf(compact) };
}

/**
 * Global search (Ctrl+K): each area answers only what the user may open, through the scope
 * rules of the module that owns it (access/scope.service, the chat's contact rule, the
 * requests' scope, the route table for fleet and inventory). Areas run one after the other on
 * one connection: a search costs the pool one connection, not eight.
 */
export function createSearchService(deps: ServiceDeps) {
  const repo = createSearchRepo(deps.database.db);
  const chat = createChatService(deps);
  const requestsService = createRequestsService(deps);
  const osAccess = createOsAccess(deps.database.db);

  const areas: Record<SearchArea, Searcher> = {
    demandas: async (u, t, limit) => {
      const rows = await repo.murals(muralScopeSql(u), t, limit);
      return rows.map((r) => ({
        id: r.id,
        title: `#${r.id} ${r.titulo}`,
        subtitle: `${STAGE_LABELS[r.stage]} · ${r.board}`,
        link: `/eproto/murals/${r.id}`,
      }));
    },

    tarefas: async (u, t, limit) => {
      const rows = await repo.protocols(protocolScopeSql(u), t, limit);
      return rows.map((r) => ({
        id: r.id,
        title: r.titulo,
        subtitle: `${STAGE_LABELS[r.stage]} · ${r.mural}`,
        link: `/eproto/protocols/${r.id}`,
      }));
    },

    // The OS module's own rule: equipe the OSs they are on, gestores those of their contracts.
    ordens_servico: async (u, t, limit) => {
      if (!canAccess(u.rawType, '/tatico/agenda/os/:id')) return null;
      const rows = await repo.serviceOrders(await osAccess.listWhere(u), t, limit);
      return rows.map((r) => ({
        id: r.id,
        title: `OS ${r.codigo} — ${r.tipo}`,
        subtitle: `${OS_STATUS_LABELS[r.status]} · ${r.local}`,
        link: `/tatico/agenda/os/${r.id}`,
      }));
    },

    contratos: async (u, t, limit) => {
      const page = canAccess(u.rawType, '/eproto/contracts')
        ? '/eproto/contracts'
        : canAccess(u.rawType, '/contracts')
          ? '/contracts'
          : null;
      if (!page) return null;
      const rows = await repo.contracts(contractScopeSql(u), t, limit);
      return rows.map((r) => ({
        id: r.id,
        title: `${r.codigo} — ${r.nome}`,
        subtitle: r.cliente,
        link: `${page}?busca=${enc(r.codigo)}`,
      }));
    },

    // People open in user administration (ti, administrador: everybody) or in the chat (the
    // people the chat lets the user talk to); other roles have nowhere to open a person.
    pessoas: async (u, t, limit) => {
      const admin = canAccess(u.rawType, '/users');
      if (!admin && !canAccess(u.rawType, '/operacional/chat')) return null;
      const found = await repo.people(t, admin ? limit : limit * 4);
      const shown = admin ? found : (await chat.reachable(u, found)).slice(0, limit);
      return shown.map((p) => ({
        id: p.id,
        title: p.nome,
        subtitle: `${ROLE_LABELS[roleOf(p.role)]} · ${p.email}`,
        link: admin ? `/users?busca=${enc(p.email)}` : `/operacional/chat?com=${p.id}`,
      }));
    },

    veiculos: async (u, t, limit) => {
      if (!canAccess(u.rawType, '/tatico/frota')) return null;
      const rows = await repo.vehicles(t, plateTerms(t.text), limit);
      return rows.map((r) => ({
        id: r.id,
        title: formatPlate(r.placa),
        subtitle: `${r.marca} ${r.modelo}`,
        link: `/tatico/frota?veiculo=${r.id}`,
      }));
    },

    inventario: async (u, t, limit) => {
      if (!canAccess(u.rawType, '/tatico/frota')) return null;
      const rows = await repo.inventory(t, limit);
      return rows.map((r) => ({
        id: r.id,
        title: `${r.codigo} — ${r.nome}`,
        subtitle: `${r.categoria} · ${r.localizacao}`,
        link: `/tatico/frota?aba=inventario&item=${r.id}`,
      }));
    },

    solicitacoes: async (u, t, limit) => {
      if (!canAccess(u.rawType, '/solicitacoes')) return null;
      const rows = await repo.requests(await requestsService.scopeSql(u), t, limit);
      return rows.map((r) => ({
        id: r.id,
        title: `#${r.id} ${REQUEST_TYPE_LABELS[r.tipo]}`,
        subtitle: `${REQUEST_STATUS_LABELS[r.status]} · ${excerpt(r.descricao)}`,
        link: `/solicitacoes?id=${r.id}`,
      }));
    },
  };

  return {
    /** Results grouped by area, only groups with results, in SEARCH_AREAS order. */
    async search(u: SessionUser, q: string, limit: number): Promise<SearchResponse> {
      const text = q.trim();
      const terms: SearchTerms = { text, words: searchWords(text), number: searchNumber(text) };
      if (text.length < SEARCH_MIN_LENGTH && terms.number === null) return { q: text, groups: [] };
      const groups: SearchResponse['groups'] = [];
      for (const area of SEARCH_AREAS) {
        const items = await areas[area](u, terms, limit);
        if (items?.length) groups.push({ area, label: SEARCH_AREA_LABELS[area], items });
      }
      return { q: text, groups };
    },
  };
}
