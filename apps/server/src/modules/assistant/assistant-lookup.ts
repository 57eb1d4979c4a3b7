import { foldText, STAGES, type Stage } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { contractScopeSql, muralScopeSqlAs, type ScopeUser } from '../access/scope.service.ts';
import { createAssistantRepo } from './assistant.repo.ts';

export interface ContractRef {
  id: number;
  codigo: string;
  nome: string;
}

/**
 * Best matches of a folded name among candidates: exact, then starting with, then containing
 * (either way round). Empty when nothing matches.
 */
function bestMatches<T>(wanted: string, items: T[], keys: (t: T) => string[]): T[] {
  const w = foldText(wanted);
  if (w === '') return [];
  const tiers: Array<(k: string) => boolean> = [
    (k) => k === w,
    (k) => k.startsWith(w),
    (k) => k.includes(w) || (w.length >= 4 && w.includes(k) && k.length >= 4),
  ];
  for (const test of tiers) {
    const hits = items.filter((i) => keys(i).some((k) => test(foldText(k))));
    if (hits.length) return hits;
  }
  return [];
}

/**
 * Name resolution for the assistant's tools, always inside what the user may see: a contract
 * is found only among the contracts linked to them or holding a demand they see.
 */
export function createAssistantLookup(db: DbOrTx) {
  const repo = createAssistantRepo(db);
  return {
    async contracts(u: ScopeUser, name: string): Promise<ContractRef[]> {
      const linked = contractScopeSql(u);
      const viaDemand = muralScopeSqlAs(u, 'vm');
      const rows = await repo.contractsSeen(linked, viaDemand);
      return bestMatches(name, rows, (c) => [c.codigo, c.nome, c.cliente]).map(
        ({ id, codigo, nome }) => ({ id, codigo, nome }),
      );
    },

    /** Active people whose name matches; "eu", "mim" and "me" are the user. */
    async people(u: ScopeUser, name: string): Promise<{ id: number; nome: string }[]> {
      const w = foldText(name);
      if (['eu', 'mim', 'me', 'comigo', 'meu', 'minha', 'minhas', 'meus'].includes(w)) {
        const me = await repo.personById(u.id);
        return me ? [me] : [];
      }
      const rows = await repo.activePeople();
      return bestMatches(name, rows, (p) => [p.nome, p.email.split('@')[0] ?? '']).map(
        ({ id, nome }) => ({ id, nome }),
      );
    },
  };
}

const STAGE_WORDS: Array<[RegExp, Stage]> = [
  [/fazer|nova|aberta|pendente/, 'a_fazer'],
  [/andamento|execucao|fazendo/, 'em_andamento'],
  [/revis/, 'em_revisao'],
  [/conclu|feita|finaliz|pronta/, 'concluido'],
];

/** A stage from its code or an everyday word ("em andamento", "concluídas"), or null. */
export function stageFrom(value: string | null | undefined): Stage | null {
  if (!value) return null;
  if ((STAGES as readonly string[]).includes(value)) return value as Stage;
  const f = foldText(value);
  return STAGE_WORDS.find(([re]) => re.test(f))?.[1] ?? null;
}
