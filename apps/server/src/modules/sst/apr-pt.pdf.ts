import {
  APR_SIGN_TEXT,
  APR_STATUS_LABELS,
  aprPeriod,
  aprPlace,
  PT_STATUS_LABELS,
  PT_TYPE_LABELS,
  type Apr,
  type CompanySettings,
  type Pt,
  epiSizeShort,
} from '@eproto/domain';
import { createPdfReport, pdfDateTime } from '../../lib/pdf-report.ts';

const WARN = '#b45309';

const place = (p: {
  latitude: number | null;
  longitude: number | null;
  precisao_m: number | null;
}) =>
  p.latitude === null || p.longitude === null
    ? 'posição não informada'
    : `${p.latitude.toFixed(5).replace('.', ',')}, ${p.longitude.toFixed(5).replace('.', ',')}${
        p.precisao_m !== null ? ` (±${Math.round(p.precisao_m)} m)` : ''
      }`;

/** "Empresa Ltda. — CNPJ 11.222.333/0001-81", or the app's name before the company is set up. */
const companyLine = (empresa: CompanySettings | null) =>
  empresa ? `${empresa.nome} — CNPJ ${empresa.cnpj_formatado}` : 'E-Proto';

/** The APR as a PDF: activity, steps with hazards and controls, EPIs, each member's signature. */
export function renderAprPdf(
  apr: Apr,
  empresa: CompanySettings | null,
  timeZone: string,
): Promise<Buffer> {
  const r = createPdfReport({
    title: `APR nº ${apr.id}`,
    author: empresa?.nome ?? 'E-Proto',
    footer: `APR nº ${apr.id}`,
  });
  r.heading(
    `Análise Preliminar de Risco nº ${apr.id}`,
    `${companyLine(empresa)} — situação: ${APR_STATUS_LABELS[apr.status]}`,
  );
  r.section('Atividade');
  r.field('Atividade', apr.atividade);
  const local = aprPlace(apr);
  const period = aprPeriod(apr);
  if (local) r.field('Local', local);
  if (period) {
    r.field(
      'Data prevista',
      `${pdfDateTime(period.inicio, timeZone)} a ${pdfDateTime(period.fim, timeZone)}`,
    );
  }
  if (apr.os) r.field('OS', apr.os.codigo);
  if (apr.agendamento) r.field('Agendamento', apr.agendamento.titulo);
  r.field('Responsável', apr.responsavel.nome);
  r.field('Criada em', pdfDateTime(apr.created_at, timeZone));
  r.section('Etapas, perigos e medidas de controle');
  apr.etapas.forEach((e, i) => {
    r.ensure(50);
    r.doc
      .font('Helvetica-Bold')
      .text(`${i + 1}. ${e.etapa}`, r.margin, undefined, { width: r.width });
    r.field('Perigos', e.perigos);
    r.field('Controles', e.controles);
    r.doc.moveDown(0.3);
  });
  r.section('EPIs obrigatórios');
  if (apr.epis.length === 0) r.line('Nenhum EPI específico indicado.');
  for (const e of apr.epis) r.line(`• ${e.nome} (${epiSizeShort(e.tamanho)}, CA ${e.ca_numero})`);
  if (apr.avisos_epi.length > 0) {
    r.doc.moveDown(0.3).fillColor(WARN);
    for (const a of apr.avisos_epi) r.line(`Atenção: ${a.texto}`);
    r.doc.fillColor('#000');
  }
  r.section('Ciência da equipe');
  r.doc
    .fontSize(8.5)
    .text(`Texto aceito: “${APR_SIGN_TEXT}”`, r.margin, undefined, { width: r.width });
  r.doc.fontSize(9.5);
  for (const m of apr.equipe) {
    r.line(
      m.assinado_em
        ? `• ${m.nome}: assinou em ${pdfDateTime(m.assinado_em, timeZone)} — ${place(m)}`
        : `• ${m.nome}: ainda não assinou`,
    );
  }
  return r.finish();
}

/** The PT as a PDF: kind, shift, APR, measures, team, approval, closing and every step. */
export function renderPtPdf(
  pt: Pt,
  empresa: CompanySettings | null,
  timeZone: string,
): Promise<Buffer> {
  const r = createPdfReport({
    title: `PT nº ${pt.id}`,
    author: empresa?.nome ?? 'E-Proto',
    footer: `PT nº ${pt.id}`,
  });
  r.heading(
    `Permissão de Trabalho nº ${pt.id} — ${PT_TYPE_LABELS[pt.tipo]}`,
    `${companyLine(empresa)} — situação: ${PT_STATUS_LABELS[pt.status]}`,
  );
  r.section('Turno e atividade');
  r.field('Válida de', `${pdfDateTime(pt.inicio, timeZone)} a ${pdfDateTime(pt.fim, timeZone)}`);
  r.field(
    'APR vinculada',
    `nº ${pt.apr.id} — ${pt.apr.atividade} (${APR_STATUS_LABELS[pt.apr.status]})`,
  );
  if (pt.os) r.field('OS', pt.os.codigo);
  if (pt.local) r.field('Local', pt.local);
  r.field('Responsável (emitente)', pt.responsavel.nome);
  r.section('Medidas de segurança');
  for (const m of pt.medidas) r.line(`• ${m}`);
  if (pt.observacoes) r.field('Observações', pt.observacoes);
  r.section('Equipe autorizada');
  for (const p of pt.equipe) r.line(`• ${p.nome}`);
  r.section('Aprovação e encerramento');
  if (pt.aprovador) {
    r.field(
      pt.status === 'recusada' ? 'Recusada por' : 'Aprovada por',
      `${pt.aprovador.nome} em ${pdfDateTime(pt.decidida_em, timeZone)}`,
    );
  } else r.field('Aprovação', 'pendente');
  if (pt.comentario_decisao) r.field('Comentário', pt.comentario_decisao);
  if (pt.encerrada_por)
    r.field(
      'Encerrada por',
      `${pt.encerrada_por.nome} em ${pdfDateTime(pt.encerrada_em, timeZone)}`,
    );
  if (pt.observacao_encerramento) r.field('Observação', pt.observacao_encerramento);
  r.section('Histórico');
  r.doc.fontSize(8.5);
  for (const e of pt.eventos) {
    r.line(
      `${pdfDateTime(e.em, timeZone)}  ${PT_STATUS_LABELS[e.para]} — ${e.por?.nome ?? 'sistema'}${e.comentario ? ` — ${e.comentario}` : ''}`,
    );
  }
  return r.finish();
}
