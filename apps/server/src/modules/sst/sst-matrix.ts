import {
  daysBetweenDates,
  SST_STATE_LABELS,
  sstState,
  todayIn,
  type MatrixCell,
  type matrixExportQuery,
  type matrixQuery,
  type SstMatrix,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { exportList, type SheetColumn } from '../../lib/export/spreadsheet.ts';
import { currentItems } from './sst-data.ts';
import { createSstRepo } from './sst.repo.ts';

type Row = SstMatrix['linhas'][number];

/** "Matriz de SST": active field people x current requirements, filtered by contract and function. */
export function createSstMatrix(deps: Pick<ServiceDeps, 'database' | 'config' | 'access'>) {
  const db = deps.database.db;
  const scopes = deps.access.scope(db);

  async function build(u: ScopeUser, q: z.output<typeof matrixQuery>): Promise<SstMatrix> {
    if (q.contract_id !== undefined) await scopes.assertContractVisible(u, q.contract_id);
    const today = todayIn(deps.config.COMPANY_TIME_ZONE);
    const { people, trainings, items } = await currentItems(db, {
      contractId: q.contract_id,
      funcao: q.funcao || undefined,
    });
    const colunas = [
      ...trainings.map((t) => ({ key: `t${t.id}`, rotulo: t.codigo })),
      { key: 'aso', rotulo: 'ASO' },
      { key: 'cnh', rotulo: 'CNH' },
      { key: 'toxicologico', rotulo: 'Toxicológico' },
    ];
    const linhas = people.map((p) => ({
      pessoa: { id: p.id, nome: p.nome, funcao: p.funcao },
      celulas: colunas.map((c): MatrixCell => {
        const it = items.find((i) => i.userId === p.id && i.coluna === c.key);
        return {
          coluna: c.key,
          estado: sstState(it?.validade ?? null, today),
          validade: it?.validade ?? null,
          dias: it ? daysBetweenDates(today, it.validade) : null,
        };
      }),
    }));
    return { colunas, linhas, funcoes: await createSstRepo(db).functions() };
  }

  return {
    build,

    async export(u: ScopeUser, q: z.output<typeof matrixExportQuery>) {
      const m = await build(u, q);
      const cellText = (c: MatrixCell | undefined) => {
        if (!c || c.estado === 'ausente') return SST_STATE_LABELS.ausente;
        const [y, mo, d] = c.validade!.split('-');
        const date = `${d}/${mo}/${y}`;
        if (c.estado === 'vencido') return `Vencido em ${date}`;
        if (c.estado === 'vencendo') return `Vence em ${c.dias} dias (${date})`;
        return `Válido até ${date}`;
      };
      const columns: SheetColumn<Row>[] = [
        { header: 'Pessoa', width: 28, value: (r) => r.pessoa.nome },
        { header: 'Função', width: 20, value: (r) => r.pessoa.funcao },
        ...m.colunas.map((c, i) => ({
          header: c.rotulo,
          width: 22,
          value: (r: Row) => cellText(r.celulas[i]),
        })),
      ];
      return exportList(q.format, columns, m.linhas, 'Matriz de SST');
    },
  };
}
