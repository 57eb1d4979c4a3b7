// Work of one's own for a spec: a contract, a gestor with a board on it, people on the board,
// demands and tasks, all created through the real API (see people.ts for why).
import type { APIRequestContext } from '@playwright/test';
import { post, type Contract, type People, type Person, type RoleTitle } from './people.ts';

export interface Team {
  contract: Contract;
  gestor: Person;
  /** The other people, in the order of the roles asked for. */
  members: Person[];
  /** API calls as the gestor. */
  api: APIRequestContext;
  board: { id: number; nome: string };
}

/** A contract, a gestor (Gerente unless said) and the other roles on it, and the gestor's board. */
export async function team(
  people: People,
  gestorRole: RoleTitle = 'Gerente',
  others: RoleTitle[] = [],
): Promise<Team> {
  const contract = await people.contract();
  const gestor = await people.person(gestorRole, { contracts: [contract.id] });
  const members: Person[] = [];
  for (const role of others) members.push(await people.person(role, { contracts: [contract.id] }));
  const api = await people.api(gestor);
  const board = await post<{ id: number; nome: string }>(api, '/api/eproto/boards', {
    nome: `Quadro ${people.tag()}`,
    contract_id: contract.id,
    participants: members.map((m) => m.id),
  });
  return { contract, gestor, members, api, board };
}

/** A demand on the team's board, created by the gestor. */
export function demand(
  t: Team,
  data: {
    titulo: string;
    stage?: string;
    responsavel_id?: number;
    participants?: number[];
    inicio_previsto?: string;
    fim_previsto?: string;
  },
) {
  return post<{ id: number; titulo: string }>(t.api, '/api/eproto/murals', {
    board_id: t.board.id,
    contract_id: t.contract.id,
    ...data,
  });
}

/** A task of a demand, created by the gestor. */
export function task(
  t: Team,
  data: {
    mural_id: number;
    titulo: string;
    responsavel_id?: number;
    inicio_previsto?: string;
    fim_previsto?: string;
  },
) {
  return post<{ id: number; titulo: string }>(t.api, '/api/eproto/protocols', data);
}

/** 'YYYY-MM-DD' of today + n days in the company time zone (the browser runs in it too). */
export function dayFromToday(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(),
  );
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' of the Monday of the company-time-zone week `at` falls in (the agenda's week). */
export function mondayOfWeek(at: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at);
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * A one-item "Vistoria" OS type and an OS of it for `pessoas`, planned `hours` long from
 * `startsIn` ms from now (negative: already started), created through the gestor's API.
 */
export async function inspectionOs(
  api: APIRequestContext,
  tag: string,
  data: {
    contract_id: number;
    local: string;
    pessoas: number[];
    startsIn?: number;
    hours?: number;
    latitude?: number;
    longitude?: number;
  },
) {
  const { startsIn = 3600_000, hours = 2, ...os } = data;
  const tipo = await post<{ id: number }>(api, '/api/tatico/os/tipos', {
    nome: `Vistoria ${tag}`,
    itens: [{ titulo: 'Local vistoriado', tipo: 'sim_nao', obrigatorio: true }],
  });
  const start = new Date(Date.now() + startsIn);
  return post<{ id: number }>(api, '/api/tatico/os', {
    ...os,
    service_type_id: tipo.id,
    previsto_inicio: start.toISOString(),
    previsto_fim: new Date(start.getTime() + hours * 3600_000).toISOString(),
  });
}
