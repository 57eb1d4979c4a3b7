import {
  ASSET_STATUS_LABELS,
  formatCnpj,
  YEAR_CELL_LABELS,
  type AssetStatus,
  type CompanySettings,
} from '@eproto/domain';
import { createPdfReport, pdfDateTime } from '../../lib/pdf-report.ts';
import type { PmocContent } from './pmoc.service.ts';

const MONTHS = ['Jan', 'Fev', 'Mar', 'Abr', 'Mai', 'Jun', 'Jul', 'Ago', 'Set', 'Out', 'Nov', 'Dez'];
const CELL = { feito: 'F', atrasado: 'A', previsto: 'P', nao_previsto: '—' } as const;

export interface PmocPdfInput {
  pmoc: PmocContent;
  empresa: CompanySettings | null;
  sha256: string;
  codigo: string;
  /** The public page that checks this code: `<PUBLIC_URL>/pmoc/verificar/<codigo>`. */
  verificacao: string;
  emitidoEm: Date;
  timeZone: string;
}

/**
 * The PMOC as a PDF (A4, pt-BR), in the look of the OS report: company, building, responsible
 * technician, HVAC inventory, activities with their periodicity and checklist, the executions
 * (each with its OS's seal and verification link), the yearly grid per asset, and this
 * document's own SHA-256.
 */
export async function renderPmocPdf(input: PmocPdfInput): Promise<Buffer> {
  const { pmoc, empresa, timeZone: tz } = input;
  const r = createPdfReport({
    title: `PMOC ${pmoc.contrato.codigo} ${pmoc.ano}`,
    author: empresa?.nome ?? 'E-Proto',
    footer: `PMOC ${pmoc.contrato.codigo} — ${pmoc.ano}`,
  });
  const { doc } = r;
  const orDash = (v: string | null) => (v && v.trim() ? v : '—');

  r.heading(
    `Plano de Manutenção, Operação e Controle (PMOC) — ${pmoc.ano}`,
    `${empresa?.nome ?? 'Empresa não configurada'}${
      empresa ? ` — CNPJ ${formatCnpj(empresa.cnpj)}` : ''
    } · Lei 13.589/2018 e Resolução ANVISA RE 9/2003`,
  );

  r.section('Edificação');
  r.field('Contrato', `${pmoc.contrato.codigo} — ${pmoc.contrato.nome}`);
  r.field('Cliente', pmoc.contrato.cliente);
  r.field('Edifício', orDash(pmoc.edificio.nome));
  r.field('Endereço', orDash(pmoc.edificio.endereco));
  r.field('Uso', orDash(pmoc.edificio.uso));

  r.section('Responsável técnico');
  r.field('Nome', orDash(pmoc.responsavel.nome));
  r.field('Registro CREA/CFT', orDash(pmoc.responsavel.registro));
  r.field('ART/TRT', orDash(pmoc.responsavel.art));

  r.section(`Inventário de climatização (${pmoc.inventario.length})`);
  if (pmoc.inventario.length === 0) r.line('Nenhum ativo de climatização neste contrato.');
  for (const a of pmoc.inventario) {
    const made = [a.fabricante, a.modelo].filter(Boolean).join(' ');
    r.line(
      [
        a.tag,
        a.tipo,
        a.local,
        a.capacidade,
        made || null,
        a.numero_serie ? `série ${a.numero_serie}` : null,
        ASSET_STATUS_LABELS[a.situacao as AssetStatus] ?? a.situacao,
      ]
        .filter(Boolean)
        .join(' — '),
    );
  }

  r.section('Atividades e periodicidade');
  if (pmoc.atividades.length === 0) r.line('Nenhum plano de manutenção para a climatização.');
  for (const a of pmoc.atividades) {
    r.field(`${a.servico} (${a.periodicidade})`, a.alvo);
    if (a.parado) r.line(a.parado);
    if (a.itens.length) r.line(`Checklist: ${a.itens.join('; ')}`);
  }

  r.section(`Registro de execuções em ${pmoc.ano}`);
  if (pmoc.execucoes.length === 0) r.line('Nenhuma execução concluída neste ano.');
  for (const e of pmoc.execucoes) {
    r.ensure(48);
    doc
      .font('Helvetica-Bold')
      .text(`${e.os} — ${e.ativo} — ${pdfDateTime(e.data, tz)}`, r.margin, undefined, {
        width: r.width,
      });
    r.line(`Equipe: ${e.equipe.join(', ') || '—'}`);
    r.line(`Resultado: ${e.resultado}`);
    if (e.verificacao) {
      r.line(`Relatório selado, SHA-256 ${e.selo}`);
      r.ensure(14);
      doc.fillColor('#1f3a5f').text(`Verificação: ${e.verificacao}`, r.margin, undefined, {
        width: r.width,
        link: e.verificacao,
      });
      doc.fillColor('#000');
    }
    doc.moveDown(0.3);
  }

  r.section(`Visão anual por ativo (${pmoc.ano})`);
  r.line(
    `F = ${YEAR_CELL_LABELS.feito}, A = ${YEAR_CELL_LABELS.atrasado}, P = ${YEAR_CELL_LABELS.previsto}, — = ${YEAR_CELL_LABELS.nao_previsto}`,
  );
  for (const a of pmoc.anual) {
    r.ensure(14 * (a.grade.length + 2));
    doc.font('Helvetica-Bold').text(a.tag, r.margin, undefined, { width: r.width });
    if (a.grade.length === 0) r.line('Sem plano de manutenção.');
    for (const g of a.grade) {
      const cells = g.meses.map((m, i) => `${MONTHS[i]} ${CELL[m]}`).join('  ');
      r.line(`${g.servico} (${g.periodicidade}): ${cells}`);
    }
  }

  r.section('Autenticidade');
  r.line(`Emitido em ${pdfDateTime(input.emitidoEm.toISOString(), tz)}.`);
  r.line(`SHA-256 do conteúdo: ${input.sha256}`);
  r.line(`Código de verificação: ${input.codigo}`);
  r.ensure(14);
  doc.fillColor('#1f3a5f').text(`Verifique em: ${input.verificacao}`, r.margin, undefined, {
    width: r.width,
    link: input.verificacao,
  });
  doc.fillColor('#000');
  return r.finish();
}
