import {
  countOf,
  formatCnpj,
  formatDateBr,
  formatMinutes,
  OS_EVENT_LABELS,
  OS_NO_POSITION,
  OS_PHOTO_TAG_LABELS,
  OS_STATUS_LABELS,
  OS_YES_NO_LABELS,
  quantityOf,
  type CompanySettings,
  type OsChecklistEntry,
  type OsDetail,
} from '@eproto/domain';
import { drawPdfQr } from '../../lib/pdf-qr.ts';
import { createPdfReport, pdfDateTime } from '../../lib/pdf-report.ts';

const MARGIN = 40;
const GREY = '#555';

export interface OsReportInput {
  os: OsDetail;
  empresa: CompanySettings | null;
  /** Photo bytes by photo id. */
  photos: Map<number, Buffer>;
  signature: Buffer | null;
  /** The stored content still matches the seal. */
  authentic: boolean;
  /** The public verification page of this OS (by its random code); also drawn as a QR. */
  verifyUrl: string;
  timeZone: string;
}

/** Side of the verification QR code (pt), beside the seal's lines. */
const QR_SIZE = 84;
const QR_GAP = 12;

const dateTime = pdfDateTime;
/**
 * A step's time as done on the phone and, when the server received it in another minute (sent
 * later from the offline outbox), the arrival beside it: "02/03/2026 14:05 (no aparelho;
 * recebido em 02/03/2026 16:40)".
 */
export function timeKept(device: string | null, received: string | null, tz: string): string {
  const at = dateTime(device, tz);
  const got = dateTime(received, tz);
  return device && received && got !== at ? `${at} (no aparelho; recebido em ${got})` : at;
}
/** Height of the signature, its line, the name and the date. */
const SIGNATURE_BLOCK_H = 130;
/** Height of a section heading with its rule and spacing (see createPdfReport's section). */
const SECTION_H = 24;
const PHOTO_TAG_ORDER = { antes: 0, depois: 1 } as const;

/** Photos as a report reads them: "Antes", then "Depois", then the others, each as taken. */
function photosInOrder(fotos: OsDetail['fotos']): OsDetail['fotos'] {
  const rank = (p: OsDetail['fotos'][number]) => (p.tag ? PHOTO_TAG_ORDER[p.tag] : 2);
  return fotos
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map(({ p }) => p);
}

const position = (p: {
  latitude: number | null;
  longitude: number | null;
  precisao_m: number | null;
}) =>
  p.latitude === null || p.longitude === null
    ? OS_NO_POSITION
    : `${p.latitude.toFixed(5).replace('.', ',')}, ${p.longitude.toFixed(5).replace('.', ',')}${
        p.precisao_m !== null ? ` (±${Math.round(p.precisao_m)} m)` : ''
      }`;

/** The answer of a checklist item as text. */
function answerOf(c: OsChecklistEntry): string {
  const r = c.resposta;
  if (c.item.tipo === 'foto')
    return c.fotos ? countOf(c.fotos, 'foto anexada', 'fotos anexadas') : '—';
  if (!r) return '—';
  if (r.valor_sim_nao) return OS_YES_NO_LABELS[r.valor_sim_nao];
  if (r.valor_numero !== null) {
    return `${r.valor_numero.toLocaleString('pt-BR')}${c.item.unidade ? ` ${c.item.unidade}` : ''}`;
  }
  if (r.valor_data) return formatDateBr(r.valor_data);
  if (r.valor_opcoes) return r.valor_opcoes.join(', ');
  return r.valor_texto ?? '—';
}

function drawImage(
  doc: PDFKit.PDFDocument,
  img: Buffer,
  x: number,
  y: number,
  fit: [number, number],
) {
  try {
    doc.image(img, x, y, { fit, align: 'center', valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The OS report (A4, pt-BR): company header, OS, customer site, team with hours, times on site,
 * checklist, photos with their stamps, materials, km, observations, the customer's signature or
 * refusal, addenda, and the seal (SHA-256 + verification link).
 */
export async function renderOsReportPdf(input: OsReportInput): Promise<Buffer> {
  const { os, empresa, timeZone: tz } = input;
  const report = createPdfReport({
    title: `Relatório ${os.codigo}`,
    author: empresa?.nome ?? 'E-Proto',
    footer: os.codigo,
  });
  const { doc, width, ensure } = report;
  const section = (title: string) => report.section(title);
  const field = (label: string, value: string) => report.field(label, value);
  /** Room on a fresh page for what ensure() lets start there. */
  const pageRoom = () => doc.page.height - MARGIN * 2 - 30;
  /** Runs a height measure in body text (Helvetica 9.5) and leaves the body font set. */
  const measure = (fn: () => number) => {
    doc.font('Helvetica').fontSize(9.5);
    const h = fn();
    doc.font('Helvetica').fontSize(9.5);
    return h;
  };

  // Header
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(empresa?.nome ?? 'Empresa não configurada', MARGIN);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(empresa ? `CNPJ ${formatCnpj(empresa.cnpj)}` : 'CNPJ não informado');
  doc
    .fillColor('#000')
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(`Relatório de Ordem de Serviço ${os.codigo}`, MARGIN, doc.y + 8, { width });
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(GREY)
    .text(`${os.tipo.nome} — situação: ${OS_STATUS_LABELS[os.status]}`);
  if (!os.selo) {
    doc
      .fillColor('#b45309')
      .font('Helvetica-Bold')
      .text('RASCUNHO: OS ainda não concluída e assinada.');
  }
  doc.fillColor('#000');

  section('Cliente e local');
  field('Contrato', `${os.contrato.codigo} — ${os.contrato.nome}`);
  field('Local', os.local);
  if (os.latitude !== null) field('Coordenadas', position({ ...os, precisao_m: null }));
  if (os.descricao) field('Descrição', os.descricao);
  field('Previsto', `${dateTime(os.previsto_inicio, tz)} a ${dateTime(os.previsto_fim, tz)}`);

  section('Equipe e horários');
  field('Check-in', dateTime(os.check_in_em, tz));
  field('Conclusão', timeKept(os.concluida_em, os.selo?.selada_em ?? null, tz));
  for (const m of os.equipe) {
    doc.text(
      `• ${m.pessoa.nome}: ${formatMinutes(m.minutos)} no local${m.saiu_em ? ` (saiu ${dateTime(m.saiu_em, tz)})` : ''}`,
      MARGIN,
      undefined,
      { width },
    );
  }
  if (os.veiculo) {
    field('Veículo', `${os.veiculo.placa} ${os.veiculo.modelo}`);
    field(
      'Km',
      `saída ${os.km.saida?.toLocaleString('pt-BR') ?? '—'}, retorno ${os.km.retorno?.toLocaleString('pt-BR') ?? '—'}${os.km.rodados !== null ? `, rodados ${os.km.rodados.toLocaleString('pt-BR')}` : ''}`,
    );
  }

  section('Etapas');
  doc.fontSize(8.5);
  for (const e of os.historico.filter((h) => h.status !== null)) {
    ensure(14);
    doc.text(
      `${timeKept(e.device_time ?? e.em, e.em, tz)}  ${OS_EVENT_LABELS[e.tipo]} — ${e.autor?.nome ?? ''} — ${position(e)}${
        e.distancia_m !== null ? ` — ${Math.round(e.distancia_m)} m do local` : ''
      }${e.motivo ? ` — motivo: ${e.motivo}` : ''}`,
      MARGIN,
      undefined,
      { width },
    );
  }

  section('Checklist');
  doc.fontSize(9);
  for (const c of os.checklist) {
    ensure(16);
    doc
      .font('Helvetica-Bold')
      .text(`${c.item.titulo}: `, MARGIN, undefined, {
        continued: true,
        width,
      })
      .font('Helvetica')
      .text(answerOf(c), { width });
    if (c.resposta?.observacao) doc.fillColor(GREY).text(c.resposta.observacao).fillColor('#000');
  }

  if (os.fotos.length) {
    section('Fotos');
    const cols = 3;
    const gap = 10;
    const w = (width - gap * (cols - 1)) / cols;
    const h = w * 0.75;
    photosInOrder(os.fotos).forEach((p, i) => {
      if (i % cols === 0) ensure(h + 40);
      const x = MARGIN + (i % cols) * (w + gap);
      const y = doc.y;
      const img = input.photos.get(p.id);
      if (!img || !drawImage(doc, img, x, y, [w, h])) {
        doc.rect(x, y, w, h).strokeColor('#c8ced6').stroke();
      }
      const stamp = [
        os.codigo,
        dateTime(p.tirada_em ?? p.created_at, tz),
        position(p),
        p.tag ? OS_PHOTO_TAG_LABELS[p.tag] : null,
        p.legenda,
      ]
        .filter(Boolean)
        .join(' · ');
      doc
        .fontSize(7)
        .fillColor(GREY)
        .text(stamp, x, y + h + 2, { width: w, height: 26, ellipsis: true });
      doc.fillColor('#000').fontSize(9);
      doc.y = i % cols === cols - 1 || i === os.fotos.length - 1 ? y + h + 32 : y;
    });
    doc.x = MARGIN;
  }

  section('Materiais');
  if (!os.materiais.length) doc.text('Nenhum material registrado.', MARGIN);
  for (const m of os.materiais) {
    doc.text(
      `• ${quantityOf(m.quantidade, m.item.unidade)} — ${m.item.nome} (${m.item.codigo})${m.observacao ? ` — ${m.observacao}` : ''}`,
      MARGIN,
      undefined,
      { width },
    );
  }

  if (os.observacoes) {
    section('Observações');
    doc.text(os.observacoes, MARGIN, undefined, { width });
  }

  const s = os.assinatura;
  const qr = !!os.selo;
  // With the QR at the right, the seal's lines take the rest of the width.
  const authWidth = qr ? width - QR_SIZE - QR_GAP : width;
  const authLines = (): { text: string; bold?: boolean }[] =>
    os.selo
      ? [
          { text: `SHA-256 do conteúdo selado: ${os.selo.sha256}` },
          {
            text: `Selada em ${dateTime(os.selo.selada_em, tz)}. Verifique em ${input.verifyUrl}`,
          },
          {
            text: `Código de verificação: ${os.selo.verificacao_codigo}. Aponte a câmera para o QR: a página de verificação mostra o mesmo SHA-256 deste relatório.`,
          },
          ...(input.authentic
            ? []
            : [{ text: 'ATENÇÃO: o conteúdo armazenado não confere com o selo.', bold: true }]),
        ]
      : [{ text: 'OS não selada.' }];
  /** Height of the "Autenticidade" block: it never starts a page alone (it goes with what precedes). */
  const authHeight = measure(() => {
    doc.fontSize(8.5);
    const lines = authLines().reduce(
      (h, l) =>
        h +
        doc
          .font(l.bold ? 'Helvetica-Bold' : 'Helvetica')
          .heightOfString(l.text, { width: authWidth }),
      0,
    );
    return SECTION_H + Math.max(lines, qr ? QR_SIZE + 4 : 0);
  });
  const textHeight = (text: string) => measure(() => doc.heightOfString(text, { width }));
  const rating = s?.avaliacao ? `Avaliação do atendimento: ${s.avaliacao} de 5` : null;
  const comment = s?.comentario ? `Comentário do cliente: ${s.comentario}` : null;
  const customerHeight =
    SECTION_H +
    (s?.tipo === 'assinada'
      ? SIGNATURE_BLOCK_H
      : s
        ? textHeight('O cliente recusou-se a assinar.') +
          textHeight(`Motivo: ${s.recusa_motivo ?? ''}`) +
          (s.cliente_nome ? textHeight(`Responsável no local: ${s.cliente_nome}`) : 0)
        : textHeight('Sem assinatura (OS não concluída).')) +
    (rating ? textHeight(rating) : 0) +
    (comment ? textHeight(comment) : 0);
  // The customer block starts on a page with room for it and, when no addendum follows, for the
  // seal block too; the heading never stays alone at the foot of a page either.
  ensure(
    customerHeight + (os.adendos.length ? 0 : authHeight) <= pageRoom()
      ? customerHeight + (os.adendos.length ? 0 : authHeight)
      : s?.tipo === 'assinada'
        ? SIGNATURE_BLOCK_H + 40
        : 60,
  );
  section('Cliente');
  if (!s) doc.text('Sem assinatura (OS não concluída).', MARGIN);
  else if (s.tipo === 'recusada') {
    doc.font('Helvetica-Bold').text('O cliente recusou-se a assinar.', MARGIN);
    doc.font('Helvetica').text(`Motivo: ${s.recusa_motivo ?? ''}`);
    if (s.cliente_nome) doc.text(`Responsável no local: ${s.cliente_nome}`);
  } else {
    const y = doc.y;
    if (input.signature) drawImage(doc, input.signature, MARGIN, y, [220, 70]);
    doc
      .moveTo(MARGIN, y + 74)
      .lineTo(MARGIN + 240, y + 74)
      .lineWidth(0.7)
      .strokeColor('#000')
      .stroke();
    doc.text(`${s.cliente_nome ?? ''} — CPF ${s.cliente_cpf ?? ''}`, MARGIN, y + 78, { width });
    doc
      .fillColor(GREY)
      .text(`Assinado em ${timeKept(s.em, os.selo?.selada_em ?? null, tz)}`)
      .fillColor('#000');
  }
  if (rating) doc.text(rating, MARGIN);
  if (comment) doc.text(comment, MARGIN, undefined, { width });

  if (os.adendos.length) {
    const lines = os.adendos.map(
      (a) => `${dateTime(a.created_at, tz)}${a.autor ? ` — ${a.autor.nome}` : ''}: ${a.texto}`,
    );
    const last = lines.length - 1;
    // The heading goes with the first addendum, the last addendum with the seal block.
    ensure(SECTION_H + textHeight(lines[0]!) + (last === 0 ? authHeight : 0));
    section('Adendos (após o selo)');
    lines.forEach((line, i) => {
      if (i === last && i > 0) ensure(textHeight(line) + authHeight);
      doc.text(line, MARGIN, undefined, { width });
    });
  }

  ensure(authHeight);
  section('Autenticidade');
  doc.fontSize(8.5);
  const authTop = doc.y;
  if (qr) {
    drawPdfQr(doc, input.verifyUrl, {
      x: MARGIN + width - QR_SIZE,
      y: authTop,
      size: QR_SIZE,
      link: input.verifyUrl,
    });
  }
  for (const l of authLines()) {
    if (l.bold) doc.fillColor('#b91c1c').font('Helvetica-Bold');
    doc.text(l.text, MARGIN, undefined, {
      width: authWidth,
      ...(l.text.startsWith('Selada em ') ? { link: input.verifyUrl } : {}),
    });
    doc.fillColor('#000').font('Helvetica');
  }
  if (qr) doc.y = Math.max(doc.y, authTop + QR_SIZE + 4);

  return report.finish();
}
