/**
 * Offline mode of the assistant: which common question a Portuguese sentence asks, without a
 * language model. Accents, case, punctuation and small variations of wording are ignored.
 */

/** What offline mode can answer. */
export type AssistantIntent =
  | { kind: 'atrasadas'; alvo: 'demandas' | 'tarefas' | 'tudo'; contrato: string | null }
  | { kind: 'agenda'; dia: string }
  | { kind: 'revisoes'; contrato: string | null }
  | { kind: 'alertas'; area: 'epi' | 'frota' | 'todos' }
  | { kind: 'resumo'; id: number | null; nome: string | null }
  /** A request to create or change something: only the AI provider's tools can do that. */
  | { kind: 'acao' }
  | { kind: 'ajuda' };

/** The questions offline mode understands, as shown to people. */
export const OFFLINE_TOPICS = [
  'Demandas e tarefas atrasadas (também de um contrato: "no contrato X")',
  'O que você tem na agenda hoje, amanhã ou num dia da semana',
  'Revisões pendentes',
  'Alertas de EPI e da frota',
  'Resumo de uma demanda pelo número ou pelo nome ("resuma a demanda 123")',
] as const;

/** Lower case, no accents, single spaces: the form every rule below reads. */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[“”"'‘’`´]/g, ' ')
    .replace(/[?!.,;:()[\]{}]+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Strips quotes and trailing punctuation from a name taken out of a sentence. */
function cleanName(s: string): string | null {
  const out = s
    .replace(/^[\s“”"'‘’:–-]+/, '')
    .replace(/[\s“”"'‘’?!.,;:]+$/, '')
    .trim();
  return out === '' ? null : out;
}

/**
 * "... no contrato Hospital Central?" → the contract as written, and the sentence without it
 * (so a contract named "Frota Sul" does not turn the question into a fleet question).
 */
export function extractContract(text: string): { contrato: string | null; rest: string } {
  const m = /\s*\b(?:(?:n|d|pel)[oa]s?\s+|para\s+o\s+|pro\s+)?contratos?\b\s*[:–-]?\s*(.*)$/i.exec(
    text,
  );
  if (!m) return { contrato: null, rest: text };
  return { contrato: cleanName(m[1] ?? ''), rest: text.slice(0, m.index) };
}

/** A plain date moved by n days. */
function shift(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const WEEKDAYS = ['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'];

/** The day a folded sentence speaks of (hoje, amanhã, ontem, dd/mm, a weekday); today if none. */
export function dayOf(folded: string, today: string): string {
  if (/\bdepois de amanha\b/.test(folded)) return shift(today, 2);
  if (/\bamanha\b/.test(folded)) return shift(today, 1);
  if (/\bontem\b/.test(folded)) return shift(today, -1);
  const date = /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/.exec(folded);
  if (date) {
    const year = date[3] ? (date[3].length === 2 ? `20${date[3]}` : date[3]) : today.slice(0, 4);
    const iso = `${year}-${date[2]!.padStart(2, '0')}-${date[1]!.padStart(2, '0')}`;
    const parsed = new Date(`${iso}T12:00:00Z`);
    if (!Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso) return iso;
  }
  const weekday = WEEKDAYS.findIndex((w) => new RegExp(`\\b${w}\\b`).test(folded));
  if (weekday >= 0) {
    const current = new Date(`${today}T12:00:00Z`).getUTCDay();
    return shift(today, (weekday - current + 7) % 7);
  }
  return today;
}

const DEMAND_ID =
  /\bdemanda\s*(?:n[o°º]?\s*|numero\s*|num\s*|de numero\s*|id\s*)?#?\s*(\d{1,9})\b|#(\d{1,9})\b/;
const SUMMARY_VERB =
  /\b(resum\w*|detalh\w*|sobre|fale|fala|conte|situacao|status|andamento|informac\w*|como (esta|anda|vai))\b/;
const FLEET =
  /\b(frota|veiculos?|carros?|caminh\w+|manutenc\w+|licenciamentos?|seguros?|placas?|estoque|inventario|ferramentas?|documentos?)\b/;
const EPI = /\b(epis?|cas?|equipamentos? de protecao|capacetes?|luvas?|botas?)\b/;
const ALERT = /\b(alertas?|avisos?)\b/;
const LATE =
  /\b(atrasad\w*|atraso|vencid\w*|venceu|venceram|fora do prazo|passou do prazo|passaram do prazo|estourad\w*)\b/;
const REVIEW =
  /\b(revis\w*|aprovac\w*|aprovar|aprovo|aguardando (minha )?(aprovacao|revisao)|para (eu )?(revisar|aprovar))\b/;
const AGENDA =
  /\b(agenda|compromissos?|agendad\w*|programad\w*|meu dia|escala)\b|\bo que (eu )?(tenho|temos|faco|vou fazer|preciso fazer)\b|\btenho (algo|alguma coisa|o que)\b|\b(pra|para) (hoje|amanha|depois de amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo)\b/;
const HELP =
  /\b(ajuda|socorro|help|comandos)\b|\bo que (voce )?(sabe|pode|consegue|entende)\b|\bcomo (voce )?funciona\b|^(oi|ola|bom dia|boa tarde|boa noite|e ai|hello)\b/;

/**
 * A sentence that opens with an order ("crie uma tarefa…", "pode agendar…", "quero mandar…"):
 * a verb in the imperative or infinitive, after optional politeness. Nouns such as
 * "agenda", "marca" or "agendamentos" do not match: only verb endings follow the stems.
 */
const ACTION =
  /^(?:(?:por favor|pfv|pf|voce pode|voce poderia|pode|poderia|consegue|quero|queria|gostaria de|preciso|me ajuda a|ajude me a)\s+)*(?:(?:cri|adicion|mand|envi|mud|alter|aprov|reprov|rejeit|finaliz|registr|cadastr|edit|renome|apag)(?:e|a|ar)|agend(?:e|ar)|marqu(?:e)|marcar|apague)\b|^(?:(?:por favor|pode|poderia|quero|preciso)\s+)*(?:inclu|atribu|exclu|conclu)(?:a|i|ir)\b|^(?:(?:por favor|pode|poderia|quero|preciso)\s+)*(?:escrev|mov|remov)(?:a|e|er)\b/;

/** The demand a sentence names after "demanda" (used when there is no number). */
function demandName(text: string): string | null {
  const m = /\bdemanda\b\s*(?:chamada\s+|de nome\s+|com o nome\s+|d[eoa]\s+)?(.*)$/i.exec(text);
  return m ? cleanName(m[1] ?? '') : null;
}

/**
 * The question a Portuguese sentence asks, or null when offline mode cannot answer it.
 * `today` (YYYY-MM-DD, company time zone) resolves "hoje", "amanhã" and weekdays.
 */
export function matchAssistantIntent(text: string, today: string): AssistantIntent | null {
  const { contrato, rest } = extractContract(text);
  const f = foldText(rest);
  if (f === '' && !contrato) return null;

  if (ACTION.test(f)) return { kind: 'acao' };

  const byId = DEMAND_ID.exec(f);
  if (byId) return { kind: 'resumo', id: Number(byId[1] ?? byId[2]), nome: null };
  if (/\bdemanda\b/.test(f) && SUMMARY_VERB.test(f)) {
    const nome = demandName(rest);
    if (nome) return { kind: 'resumo', id: null, nome };
  }

  const fleet = FLEET.test(f);
  const epi = EPI.test(f);
  if (fleet || epi || (ALERT.test(f) && !LATE.test(f))) {
    return { kind: 'alertas', area: fleet && !epi ? 'frota' : epi && !fleet ? 'epi' : 'todos' };
  }
  if (LATE.test(f)) {
    const demandas = /\bdemandas?\b/.test(f);
    const tarefas = /\b(tarefas?|protocolos?)\b/.test(f);
    const alvo = demandas === tarefas ? 'tudo' : demandas ? 'demandas' : 'tarefas';
    return { kind: 'atrasadas', alvo, contrato };
  }
  if (REVIEW.test(f)) return { kind: 'revisoes', contrato };
  if (AGENDA.test(f)) return { kind: 'agenda', dia: dayOf(f, today) };
  if (HELP.test(f)) return { kind: 'ajuda' };
  return null;
}
