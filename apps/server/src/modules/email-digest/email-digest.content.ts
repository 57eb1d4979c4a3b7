import {
  type AgendaEntry,
  chatMentionTarget,
  formatDateBr,
  muralLinks,
  taskLinks,
} from '@eproto/domain';
import type { DigestDue, DigestMention } from './email-digest.repo.ts';

/** Items listed per section; the rest are counted ("e mais 4 no E-Proto"). */
export const DIGEST_SHOWN = 15;

export interface DigestInput {
  nome: string;
  /** The company day (YYYY-MM-DD). */
  day: string;
  timeZone: string;
  /** PUBLIC_URL: every item links into the app. */
  baseUrl: string;
  entries: AgendaEntry[];
  dues: DigestDue[];
  mentions: DigestMention[];
  unsubscribeUrl: string;
}

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
}

interface Line {
  text: string;
  /** Second line, smaller (contract, place, who mentioned). */
  detail?: string;
  url: string;
}

interface Section {
  title: string;
  lines: Line[];
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function entryLine(e: AgendaEntry, base: string, timeZone: string): Line {
  const time = new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit' });
  const what = e.tipo_atividade?.nome ?? e.demanda?.titulo ?? (e.os ? null : 'Atividade em campo');
  const status = e.status === 'concluido' ? ' (concluído)' : '';
  return {
    text: `${time.format(new Date(e.inicio))}–${time.format(new Date(e.fim))} · ${[e.os?.codigo, what].filter(Boolean).join(' · ')}${status}`,
    detail: [`${e.contrato.codigo} — ${e.contrato.nome}`, e.local.trim() || null]
      .filter(Boolean)
      .join(' · '),
    url: `${base}${e.os ? `/tatico/agenda/os/${e.os.id}` : '/tatico/agenda'}`,
  };
}

function dueLine(d: DigestDue, day: string, base: string): Line {
  const what = d.kind === 'demanda' ? 'Demanda' : 'Tarefa';
  const late = daysBetween(d.fimPrevisto, day);
  const when =
    late > 0
      ? `prazo ${formatDateBr(d.fimPrevisto)}, ${plural(late, 'dia', 'dias')} de atraso`
      : 'vence hoje';
  const link = d.kind === 'demanda' ? muralLinks(d.id).web : taskLinks(d.id).web;
  return { text: `${what}: ${d.titulo}`, detail: when, url: `${base}${link}` };
}

function mentionLine(m: DigestMention, base: string): Line {
  const path =
    m.protocolId !== null
      ? taskLinks(m.protocolId).web
      : m.muralId !== null
        ? muralLinks(m.muralId).web
        : chatMentionTarget({
            type: 'mention',
            custom_text: m.customText,
            author_id: m.authorId,
            mural_id: null,
            protocol_id: null,
          })!;
  const said = clip((m.customText ?? m.texto ?? '').replace(/\s+/g, ' ').trim(), 160);
  return {
    text: `${m.authorNome ?? 'Alguém'} mencionou você${said ? `: “${said}”` : ''}`,
    url: `${base}${path}`,
  };
}

/**
 * The digest e-mail of one person and day, or null when there is nothing to say: no agenda
 * entry today (cancelled ones do not count), no open demand or task due today or overdue, and
 * no unread mention.
 */
export function buildDigestMail(input: DigestInput): DigestMail | null {
  const base = input.baseUrl.replace(/\/$/, '');
  const entries = input.entries.filter((e) => e.status !== 'cancelado');
  const overdue = input.dues.filter((d) => d.fimPrevisto < input.day);
  const dueToday = input.dues.filter((d) => d.fimPrevisto === input.day);
  if (!entries.length && !input.dues.length && !input.mentions.length) return null;

  const sections: Section[] = [
    {
      title: 'Sua agenda de hoje',
      lines: entries.map((e) => entryLine(e, base, input.timeZone)),
    },
    { title: 'Atrasadas', lines: overdue.map((d) => dueLine(d, input.day, base)) },
    { title: 'Vencem hoje', lines: dueToday.map((d) => dueLine(d, input.day, base)) },
    { title: 'Menções não lidas', lines: input.mentions.map((m) => mentionLine(m, base)) },
  ].filter((s) => s.lines.length > 0);

  const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${input.day}T12:00:00Z`),
  );
  const date = formatDateBr(input.day);
  const counts = [
    entries.length ? plural(entries.length, 'na agenda', 'na agenda') : null,
    input.dues.length ? plural(input.dues.length, 'prazo', 'prazos') : null,
    input.mentions.length ? plural(input.mentions.length, 'menção', 'menções') : null,
  ].filter(Boolean);
  const subject = `E-Proto: seu dia ${date.slice(0, 5)} — ${counts.join(', ')}`;
  const greeting = `Bom dia, ${input.nome.split(/\s+/)[0]}! Este é o seu resumo de ${weekday}, ${date}.`;
  const why =
    'Você recebe este e-mail porque ligou o "Resumo diário por e-mail" no seu perfil do E-Proto.';

  const text = [
    greeting,
    ...sections.flatMap((s) => [
      '',
      `${s.title.toUpperCase()} (${s.lines.length})`,
      ...s.lines
        .slice(0, DIGEST_SHOWN)
        .flatMap((l) => [`- ${l.text}`, ...(l.detail ? [`  ${l.detail}`] : []), `  ${l.url}`]),
      ...(s.lines.length > DIGEST_SHOWN
        ? [`  … e mais ${s.lines.length - DIGEST_SHOWN} no E-Proto.`]
        : []),
    ]),
    '',
    `Abrir o E-Proto: ${base}/`,
    '',
    '--',
    why,
    `Para não receber mais: ${input.unsubscribeUrl}`,
  ].join('\n');

  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#1c7ed6">${escapeHtml(label)}</a>`;
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:20px">
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>
${sections
  .map(
    (
      s,
    ) => `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(s.title)} (${s.lines.length})</h2>
<ul style="margin:0;padding-left:20px">
${s.lines
  .slice(0, DIGEST_SHOWN)
  .map(
    (l) =>
      `<li style="margin:0 0 8px">${link(l.url, l.text)}${l.detail ? `<br><span style="color:#495057;font-size:13px">${escapeHtml(l.detail)}</span>` : ''}</li>`,
  )
  .join('\n')}
</ul>${s.lines.length > DIGEST_SHOWN ? `\n<p style="margin:0;font-size:13px">… e mais ${s.lines.length - DIGEST_SHOWN} no E-Proto.</p>` : ''}`,
  )
  .join('\n')}
<p style="margin:24px 0 0">${link(`${base}/`, 'Abrir o E-Proto')}</p>
<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0 12px">
<p style="margin:0;font-size:12px;color:#495057">${escapeHtml(why)} ${link(input.unsubscribeUrl, 'Não quero mais receber o resumo diário')}.</p>
</div>
</body></html>
`;
  return { subject, text, html };
}
