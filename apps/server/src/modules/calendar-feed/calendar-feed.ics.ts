import { TZDate } from '@date-fns/tz';
import { type AgendaEntry, muralLinks, taskLinks } from '@eproto/domain';
import ical, { ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { DueRow } from './calendar-feed.repo.ts';

interface FeedInput {
  /** The person's name, in the calendar's name ("E-Proto — Ana"). */
  nome: string;
  entries: AgendaEntry[];
  dues: DueRow[];
  /** PUBLIC_URL: links and the UIDs' domain. */
  baseUrl: string;
  timeZone: string;
}

/**
 * The zone's VTIMEZONE from timezones-ical-library (kept current with the IANA database: Brazil
 * has had no daylight saving since 2019, which older tables still carry).
 */
const vtimezone = (tz: string) => tzlib_get_ical_block(tz)[0] ?? null;

/** A calendar day (YYYY-MM-DD) as midnight in the company's zone: an all-day event's date. */
function day(date: string, timeZone: string): TZDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, timeZone);
}

const nextDay = (date: TZDate) => {
  const next = new TZDate(date);
  next.setDate(next.getDate() + 1);
  return next;
};

function entryTitle(e: AgendaEntry): string {
  const what = e.tipo_atividade?.nome ?? e.demanda?.titulo ?? (e.os ? null : 'Atividade em campo');
  return [e.os?.codigo, what, e.contrato.nome].filter(Boolean).join(' · ');
}

function entryDescription(e: AgendaEntry): string {
  return [
    `Contrato: ${e.contrato.codigo} — ${e.contrato.nome}`,
    e.pessoas.length ? `Equipe: ${e.pessoas.map((p) => p.nome).join(', ')}` : null,
    e.veiculo ? `Veículo: ${e.veiculo.placa} (${e.veiculo.modelo})` : null,
    e.demanda ? `Demanda: ${e.demanda.titulo}` : null,
    e.descricao.trim() || null,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The person's feed as RFC 5545 text: agenda entries (with their OS) at their times, and the
 * due dates of their demands and tasks as all-day events, in the company's time zone (VTIMEZONE
 * from timezones-ical-library; TZDate so the server's own zone never matters). UIDs are
 * stable per item, so a subscribed calendar updates events instead of duplicating them.
 */
export function buildCalendarFeed(input: FeedInput): string {
  const base = input.baseUrl.replace(/\/$/, '');
  const host = new URL(base).hostname || 'eproto';
  const tz = input.timeZone;
  const cal = ical({
    name: `E-Proto — ${input.nome}`,
    description: 'Agenda, ordens de serviço e prazos no E-Proto',
    prodId: { company: 'E-Proto', product: 'Agenda', language: 'PT-BR' },
    timezone: { name: tz, generator: vtimezone },
    ttl: 60 * 60,
  });

  for (const e of input.entries) {
    cal.createEvent({
      id: `agenda-${e.id}@${host}`,
      start: new TZDate(e.inicio, tz),
      end: new TZDate(e.fim, tz),
      timezone: tz,
      summary: entryTitle(e),
      description: entryDescription(e),
      location: e.local || null,
      url: e.os ? `${base}/tatico/agenda/os/${e.os.id}` : `${base}/tatico/agenda`,
      lastModified: new Date(e.updated_at),
      status: e.status === 'cancelado' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }

  for (const d of input.dues) {
    const start = day(d.fimPrevisto, tz);
    // A finished one stays (the history of the calendar), marked as done.
    const done = d.stage === 'concluido' ? '✓ ' : '';
    const link = d.kind === 'demanda' ? muralLinks(d.id).web : taskLinks(d.id).web;
    cal.createEvent({
      id: `${d.kind}-${d.id}-prazo@${host}`,
      allDay: true,
      start,
      end: nextDay(start),
      timezone: tz,
      summary: `${done}${d.kind === 'demanda' ? 'Prazo da demanda' : 'Prazo da tarefa'}: ${d.titulo}`,
      description: d.muralTitulo ? `Demanda: ${d.muralTitulo}` : null,
      url: `${base}${link}`,
    });
  }
  return cal.toString();
}
