import { createHash } from 'node:crypto';
import {
  canonicalJson,
  can,
  OS_YES_NO_LABELS,
  periodicityText,
  siteText,
  type AssetYear,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { CompanyService } from '../company/company.service.ts';
import { createServiceTypesRepo } from '../service-orders/service-types.repo.ts';
import type { AssetActor } from './assets.service.ts';
import { createAssetPlansRepo } from './assets-plans.repo.ts';
import { calendarsOfContracts } from '../calendar/calendar.service.ts';
import { planStopped, yearGrid } from './assets-plans.service.ts';
import { renderPmocPdf } from './pmoc.pdf.ts';
import { createPmocRepo, type AssetAnswerRow } from './pmoc.repo.ts';

/** What a PMOC prints; its canonical JSON is what the SHA-256 seals. */
export interface PmocContent {
  contrato: { codigo: string; nome: string; cliente: string };
  ano: number;
  edificio: { nome: string | null; endereco: string | null; uso: string | null };
  responsavel: { nome: string | null; registro: string | null; art: string | null };
  inventario: Array<{
    tag: string;
    tipo: string;
    local: string;
    fabricante: string | null;
    modelo: string | null;
    numero_serie: string | null;
    capacidade: string | null;
    situacao: string;
  }>;
  atividades: Array<{
    plano: number;
    servico: string;
    periodicidade: string;
    alvo: string;
    itens: string[];
    parado: string | null;
  }>;
  execucoes: Array<{
    os: string;
    data: string | null;
    equipe: string[];
    ativo: string;
    resultado: string;
    selo: string | null;
    verificacao: string | null;
  }>;
  anual: Array<{ tag: string; grade: AssetYear['atividades'] }>;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** "Filtro limpo: Sim; Temperatura: 12" of one asset's answers, or a count when long. */
function resultOf(answers: Array<{ titulo: string; v: AssetAnswerRow }>, total: number): string {
  if (answers.length === 0) return 'Sem respostas';
  const text = (a: AssetAnswerRow) =>
    a.valorSimNao
      ? OS_YES_NO_LABELS[a.valorSimNao]
      : a.valorNumero !== null
        ? a.valorNumero.toLocaleString('pt-BR')
        : (a.valorOpcoes?.join(', ') ?? a.valorData ?? a.valorTexto ?? '—');
  const parts = answers.map((a) => `${a.titulo}: ${text(a.v)}`);
  return `${answers.length} de ${total} itens — ${parts.join('; ')}`.slice(0, 600);
}

/**
 * The PMOC of a contract (Lei 13.589/2018, ANVISA RE 9/2003): building, responsible
 * technician, the HVAC inventory, each activity and its periodicity, the executions from the
 * OSs and the yearly grid per asset; sealed by the SHA-256 of its content, kept in pmoc_issues.
 */
export function createPmocService(deps: ServiceDeps, { company }: { company: CompanyService }) {
  const db = deps.database.db;
  const tz = deps.config.COMPANY_TIME_ZONE;
  const repo = createAssetPlansRepo(db);
  const pmocRepo = createPmocRepo(db);
  const scopes = deps.access.scope(db);
  const base = deps.config.publicUrl.replace(/\/$/, '');

  async function content(contractId: number, ano: number): Promise<PmocContent> {
    const contract = await repo.contract(contractId);
    if (!contract) throw new AppError('NOT_FOUND', 'Contrato não encontrado.');
    const settings = await repo.settings(contractId);
    const hvac = await pmocRepo.hvacAssets(contractId);
    const hvacIds = new Set(hvac.map((h) => h.a.id));
    const hvacTypes = new Set(hvac.map((h) => h.a.typeId));
    const plans = (await repo.plans({ contractIds: 'all', contractId })).filter(
      (p) =>
        p.p.ativo &&
        (p.p.assetId !== null ? hvacIds.has(p.p.assetId) : hvacTypes.has(p.p.assetTypeId!)),
    );
    const types = createServiceTypesRepo(db);
    const atividades = [];
    for (const p of plans) {
      const version = await types.latestVersion(p.p.serviceTypeId);
      const itens = version ? (await types.items([version.id])).map((i) => i.titulo) : [];
      atividades.push({
        plano: p.p.id,
        servico: p.servicoNome,
        periodicidade: periodicityText(p.p.periodicidade, p.p.intervaloDias, p.p.intervaloHoras),
        alvo: p.p.assetId !== null ? `Ativo ${p.alvoTag}` : `Todos: ${p.tipoNome}`,
        itens,
        parado: planStopped(p),
      });
    }
    const execucoes = await executions([...hvacIds], ano);
    const anual = [];
    const calendar = (await calendarsOfContracts(db, [contractId])).get(contractId)!;
    for (const h of hvac) {
      anual.push({
        tag: h.a.tag,
        grade: (await yearGrid(repo, h.a, ano, { now: new Date(), tz, calendar })).atividades,
      });
    }
    return {
      contrato: { codigo: contract.codigo, nome: contract.nome, cliente: contract.cliente },
      ano,
      edificio: {
        nome: settings?.edificioNome ?? null,
        endereco: settings?.edificioEndereco ?? null,
        uso: settings?.edificioUso ?? null,
      },
      responsavel: {
        nome: settings?.rtNome ?? null,
        registro: settings?.rtRegistro ?? null,
        art: settings?.rtArt ?? null,
      },
      inventario: hvac.map(({ a, tipo }) => {
        const d = a.dados as { capacidade?: number; unidade_capacidade?: string };
        return {
          tag: a.tag,
          tipo,
          local: siteText(a),
          fabricante: a.fabricante,
          modelo: a.modelo,
          numero_serie: a.numeroSerie,
          capacidade: d.capacidade
            ? `${d.capacidade.toLocaleString('pt-BR')} ${d.unidade_capacidade ?? ''}`.trim()
            : null,
          situacao: a.status,
        };
      }),
      atividades,
      execucoes,
      anual,
    };
  }

  /** Every concluded OS of the year that served these assets, one line per asset. */
  async function executions(assetIds: number[], ano: number) {
    if (assetIds.length === 0) return [];
    const rows = await pmocRepo.concludedOfAssets(assetIds, ano, tz);
    const osIds = [...new Set(rows.map((r) => r.os.id))];
    if (osIds.length === 0) return [];
    const team = await pmocRepo.teamOf(osIds);
    const answers = await pmocRepo.answersOf(osIds);
    const itemCounts = await pmocRepo.itemCounts();
    const countOf = new Map(itemCounts.map((c) => [c.versionId, c.n]));
    return rows.map((r) => ({
      os: r.os.codigo,
      data: r.os.concluidaEm?.toISOString() ?? null,
      equipe: [...new Set(team.filter((t) => t.osId === r.os.id).map((t) => t.nome))],
      ativo: r.tag,
      resultado: resultOf(
        answers.filter((a) => a.v.serviceOrderId === r.os.id && a.v.assetId === r.assetId),
        countOf.get(r.os.versionId) ?? 0,
      ),
      selo: r.os.selo,
      verificacao: r.os.selo ? `${base}/os/verificar/${r.os.verificacaoCodigo}` : null,
    }));
  }

  return {
    /** Issues the PMOC of a contract for a year: records its seal and renders the PDF. */
    async pdf(u: AssetActor, contractId: number, ano: number) {
      const ids = await scopes.contractIds(u);
      if (ids !== 'all' && !ids.includes(contractId)) {
        throw new AppError('NOT_FOUND', 'Contrato não encontrado.');
      }
      if (!can(u, 'assets.manage')) {
        throw new AppError('FORBIDDEN', 'Só a gestão emite o PMOC.');
      }
      const c = await content(contractId, ano);
      const hash = sha256(canonicalJson(c));
      const issue = await db.transaction((tx) =>
        createPmocRepo(tx).insertIssue({
          contractId,
          ano,
          conteudo: c,
          sha256: hash,
          emitidoPor: u.id,
        }),
      );
      const empresa = await company.get();
      const body = await renderPmocPdf({
        pmoc: c,
        empresa,
        sha256: hash,
        codigo: issue.verificacaoCodigo,
        verificacao: `${deps.config.publicUrl.replace(/\/$/, '')}/pmoc/verificar/${issue.verificacaoCodigo}`,
        emitidoEm: issue.emitidoEm,
        timeZone: tz,
      });
      return { body, nome: `pmoc-${c.contrato.codigo}-${ano}` };
    },

    /** The public check of an issued PMOC by its code: contract, year, date and hash. */
    async verify(codigo: string) {
      const row = await pmocRepo.issueByCode(codigo);
      if (!row) throw new AppError('NOT_FOUND', 'PMOC não encontrado.');
      const c = row.conteudo as PmocContent;
      return {
        contrato: c.contrato.codigo,
        cliente: c.contrato.cliente,
        ano: row.ano,
        emitido_em: row.emitidoEm.toISOString(),
        sha256: row.sha256,
        autentico: sha256(canonicalJson(row.conteudo)) === row.sha256,
      };
    },
  };
}
