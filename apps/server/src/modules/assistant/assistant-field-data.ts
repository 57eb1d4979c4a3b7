import {
  can,
  AGENDA_STATUS_LABELS,
  type FieldAlert,
  formatDateBr,
  reviewListQuery,
  rolesFor,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { createSstAlerts } from '../sst/sst-alerts.ts';
import type { AssistantServices } from './assistant-services.ts';
import { createAssistantLookup } from './assistant-lookup.ts';
import {
  LIST_LIMIT,
  taskLink,
  type createWorkData,
  type DemandItem,
  type TaskItem,
} from './assistant-work-data.ts';

export const AGENDA_LINK = '/tatico/agenda';
export const EPI_LINK = '/tatico/epi';
export const FLEET_LINK = '/tatico/frota';

export interface AgendaItem {
  id: number;
  inicio: string;
  fim: string;
  local: string;
  contrato: string;
  descricao: string;
  status: string;
  veiculo: string | null;
  link: string;
}

export interface AgendaDay {
  data: string;
  agendamentos: AgendaItem[];
  tarefas: TaskItem[];
  demandas: DemandItem[];
  /** Set when the user's role has no field agenda (only their due work is listed). */
  sem_agenda: boolean;
}

export interface AlertItem {
  texto: string;
  gravidade: 'vencido' | 'proximo';
  area: 'epi' | 'frota';
  link: string;
}

export interface ReviewEntry {
  id: number;
  titulo: string;
  demanda: { id: number; titulo: string };
  contrato: string | null;
  responsavel: string | null;
  desde: string;
  link: string;
}

const SST_LINK = '/tatico/epi?aba=sst';
/** Whether the user opens a screen of ROUTE_ACCESS. */
const opens = (route: string, u: ScopeUser) => rolesFor(route).includes(u.type);

/** Agenda, field alerts and the review queue, with the same role rules as their screens. */
export function createFieldData(
  deps: ServiceDeps,
  work: ReturnType<typeof createWorkData>,
  services: AssistantServices,
) {
  const { agenda, epi, fleet, inventory, reviews } = services;
  const sst = createSstAlerts(deps);
  const lookup = createAssistantLookup(deps.database.db);
  const tz = deps.config.COMPANY_TIME_ZONE;
  const time = (iso: string) =>
    new Intl.DateTimeFormat('pt-BR', { timeZone: tz, hour: '2-digit', minute: '2-digit' }).format(
      new Date(iso),
    );

  const toAlert = (area: 'epi' | 'frota') => (a: FieldAlert) => ({
    texto: a.texto,
    gravidade: a.severity,
    area,
    link: area === 'epi' ? EPI_LINK : FLEET_LINK,
  });

  return {
    /** "Minha agenda" of a day, plus the open tasks and demands of the user due that day. */
    async agendaDay(u: ScopeUser, day: string): Promise<AgendaDay> {
      const hasAgenda = opens('/tatico/agenda', u);
      const [entries, tasks, demands] = await Promise.all([
        hasAgenda ? agenda.mine(u, { de: day, ate: day }) : Promise.resolve({ items: [] }),
        work.tasks(u, { responsavel: 'eu', prazo_em: day }),
        work.demands(u, { responsavel: 'eu', prazo_em: day }),
      ]);
      return {
        data: formatDateBr(day),
        // A cancelled entry is not something the person has to do that day.
        agendamentos: entries.items
          .filter((e) => e.status !== 'cancelado')
          .map((e) => ({
            id: e.id,
            inicio: time(e.inicio),
            fim: time(e.fim),
            local: e.local,
            contrato: e.contrato.nome,
            descricao: e.descricao,
            status: AGENDA_STATUS_LABELS[e.status],
            veiculo: e.veiculo ? `${e.veiculo.placa} (${e.veiculo.modelo})` : null,
            link: AGENDA_LINK,
          })),
        tarefas: tasks.items,
        demandas: demands.items,
        sem_agenda: !hasAgenda,
      };
    },

    /**
     * EPI and fleet alerts the user's screens show: gestores of EPI see every EPI alert, other
     * EPI users only the replacements of their own items; fleet and stock alerts go to the
     * roles of /tatico/frota. `acesso` is false when the role sees neither area.
     */
    async alerts(u: ScopeUser, area: 'epi' | 'frota' | 'todos') {
      const out: AlertItem[] = [];
      const epiManager = opens('/tatico/epi', u) && can(u, 'epi.manage');
      const epiOwn = opens('/tatico/epi', u) && !epiManager;
      const fleetUser = opens('/tatico/frota', u);
      if (area !== 'frota' && (epiManager || epiOwn)) {
        const all = await epi.alerts();
        const mine = epiManager
          ? all
          : all.filter((a) => a.kind === 'troca_epi' && a.ref_id === u.id);
        out.push(...mine.map(toAlert('epi')));
        // SST expiries (trainings, ASO, CNH) live on the same screen: gestores see all, others
        // their own.
        const expiring = (await sst.all()).filter((a) => epiManager || a.ref_id === u.id);
        out.push(...expiring.map((a) => ({ ...toAlert('epi')(a), link: SST_LINK })));
      }
      if (area !== 'epi' && fleetUser) {
        const [vehicles, stock] = await Promise.all([fleet.alerts(), inventory.alerts()]);
        out.push(...[...vehicles, ...stock].map(toAlert('frota')));
      }
      out.sort((a, b) => (a.gravidade === b.gravidade ? 0 : a.gravidade === 'vencido' ? -1 : 1));
      const acesso =
        area === 'epi'
          ? epiManager || epiOwn
          : area === 'frota'
            ? fleetUser
            : epiManager || epiOwn || fleetUser;
      return { total: out.length, items: out.slice(0, 25), acesso };
    },

    /** The review queue of /eproto/reviews; `acesso` is false for roles that do not review. */
    async reviews(u: ScopeUser, contrato: string | null) {
      if (!opens('/eproto/reviews', u)) {
        return { total: 0, items: [] as ReviewEntry[], acesso: false, aviso: null, contrato: null };
      }
      let contractId: number | undefined;
      let contractName: string | null = null;
      if (contrato) {
        const [c] = await lookup.contracts(u, contrato);
        if (!c) {
          const aviso = `Não encontrei um contrato visível para você com o nome "${contrato}".`;
          return { total: 0, items: [] as ReviewEntry[], acesso: true, aviso, contrato: null };
        }
        contractId = c.id;
        contractName = `${c.nome} (${c.codigo})`;
      }
      const q = reviewListQuery.parse({ page: 1, perPage: LIST_LIMIT, contract_id: contractId });
      const { items, total } = await reviews.list(u, q);
      return {
        total,
        acesso: true,
        aviso: null,
        contrato: contractName,
        items: items.map((r): ReviewEntry => ({
          id: r.protocol_id,
          titulo: r.titulo,
          demanda: { id: r.mural_id, titulo: r.mural_titulo },
          contrato: r.contract_nome,
          responsavel: r.responsavel?.nome ?? null,
          desde: formatDateBr(r.since.slice(0, 10)),
          link: taskLink(r.protocol_id),
        })),
      };
    },
  };
}

export type FieldData = ReturnType<typeof createFieldData>;
