import { describe, expect, it } from 'vitest';
import {
  dayOf,
  extractContract,
  foldText,
  matchAssistantIntent,
  type AssistantIntent,
} from './assistant-intents.ts';
import { conversationTitleFrom } from './assistant.ts';

// A Wednesday.
const TODAY = '2026-03-11';

const cases: Array<[string, AssistantIntent | null]> = [
  // Late demands and tasks, optionally of a contract.
  ['quais demandas estão atrasadas?', { kind: 'atrasadas', alvo: 'demandas', contrato: null }],
  ['Quais demandas estao atrasadas', { kind: 'atrasadas', alvo: 'demandas', contrato: null }],
  ['DEMANDAS ATRASADAS', { kind: 'atrasadas', alvo: 'demandas', contrato: null }],
  ['tem alguma demanda em atraso?', { kind: 'atrasadas', alvo: 'demandas', contrato: null }],
  ['o que está atrasado?', { kind: 'atrasadas', alvo: 'tudo', contrato: null }],
  ['mostre as demandas vencidas', { kind: 'atrasadas', alvo: 'demandas', contrato: null }],
  ['Quais tarefas passaram do prazo?', { kind: 'atrasadas', alvo: 'tarefas', contrato: null }],
  [
    'quais demandas estão atrasadas no contrato Hospital Central?',
    { kind: 'atrasadas', alvo: 'demandas', contrato: 'Hospital Central' },
  ],
  [
    'QUAIS DEMANDAS ESTÃO ATRASADAS DO CONTRATO CT-2024-001',
    { kind: 'atrasadas', alvo: 'demandas', contrato: 'CT-2024-001' },
  ],
  [
    'demandas atrasadas contrato “Frota Sul”',
    { kind: 'atrasadas', alvo: 'demandas', contrato: 'Frota Sul' },
  ],
  [
    'o que está fora do prazo no contrato Shopping Norte?',
    { kind: 'atrasadas', alvo: 'tudo', contrato: 'Shopping Norte' },
  ],
  // Agenda of a day.
  ['o que tenho para hoje?', { kind: 'agenda', dia: '2026-03-11' }],
  ['O que tenho pra amanhã', { kind: 'agenda', dia: '2026-03-12' }],
  ['minha agenda de hoje', { kind: 'agenda', dia: '2026-03-11' }],
  ['Qual é a minha agenda amanha?', { kind: 'agenda', dia: '2026-03-12' }],
  ['tenho algo agendado para depois de amanhã?', { kind: 'agenda', dia: '2026-03-13' }],
  ['compromissos de sexta-feira', { kind: 'agenda', dia: '2026-03-13' }],
  ['agenda de segunda', { kind: 'agenda', dia: '2026-03-16' }],
  ['o que eu tenho no dia 20/03?', { kind: 'agenda', dia: '2026-03-20' }],
  ['agenda', { kind: 'agenda', dia: '2026-03-11' }],
  // Pending reviews.
  ['revisões pendentes', { kind: 'revisoes', contrato: null }],
  ['Quais revisoes estão pendentes?', { kind: 'revisoes', contrato: null }],
  ['tem algo para eu revisar?', { kind: 'revisoes', contrato: null }],
  ['o que falta aprovar?', { kind: 'revisoes', contrato: null }],
  [
    'aprovações pendentes do contrato Hospital Central',
    { kind: 'revisoes', contrato: 'Hospital Central' },
  ],
  // EPI and fleet alerts.
  ['alertas de EPI', { kind: 'alertas', area: 'epi' }],
  ['Tem alerta da frota?', { kind: 'alertas', area: 'frota' }],
  ['alertas de epi e frota', { kind: 'alertas', area: 'todos' }],
  ['quais EPIs estão vencendo?', { kind: 'alertas', area: 'epi' }],
  ['veículos com documento vencido', { kind: 'alertas', area: 'frota' }],
  ['tem manutenção vencida?', { kind: 'alertas', area: 'frota' }],
  ['algum CA vencido?', { kind: 'alertas', area: 'epi' }],
  ['alertas', { kind: 'alertas', area: 'todos' }],
  // Summary of a demand by number or name.
  ['resuma a demanda 123', { kind: 'resumo', id: 123, nome: null }],
  ['Resumo da demanda #45', { kind: 'resumo', id: 45, nome: null }],
  ['me fale sobre a demanda nº 12', { kind: 'resumo', id: 12, nome: null }],
  ['como está a demanda 7?', { kind: 'resumo', id: 7, nome: null }],
  ['demanda 30', { kind: 'resumo', id: 30, nome: null }],
  ['#88', { kind: 'resumo', id: 88, nome: null }],
  [
    'resuma a demanda Troca do quadro elétrico',
    { kind: 'resumo', id: null, nome: 'Troca do quadro elétrico' },
  ],
  [
    'Como está a demanda de manutenção do gerador?',
    { kind: 'resumo', id: null, nome: 'manutenção do gerador' },
  ],
  [
    'detalhes da demanda “Reforma da recepção”',
    { kind: 'resumo', id: null, nome: 'Reforma da recepção' },
  ],
  // Help and what offline mode does not understand.
  ['ajuda', { kind: 'ajuda' }],
  ['Olá!', { kind: 'ajuda' }],
  ['o que você sabe fazer?', { kind: 'ajuda' }],
  ['qual a capital da França?', null],
  // Orders need the AI provider's tools; offline mode says so instead of answering something else.
  ['crie uma tarefa para João amanhã na demanda X', { kind: 'acao' }],
  ['Crie uma tarefa para o João para amanhã', { kind: 'acao' }],
  ['por favor, agende uma visita amanhã', { kind: 'acao' }],
  ['mande uma mensagem na demanda 12', { kind: 'acao' }],
  ['pode mover a tarefa 5 para concluída?', { kind: 'acao' }],
  ['exclua a demanda 9', { kind: 'acao' }],
  ['agenda de amanhã', { kind: 'agenda', dia: '2026-03-12' }],
  ['   ', null],
];

describe('matchAssistantIntent', () => {
  it.each(cases)('%s', (text, expected) => {
    expect(matchAssistantIntent(text, TODAY)).toEqual(expected);
  });

  it('covers at least 20 phrasings of the supported questions', () => {
    expect(cases.filter(([, e]) => e && e.kind !== 'ajuda').length).toBeGreaterThanOrEqual(20);
  });
});

describe('helpers', () => {
  it('folds accents, case, quotes and end punctuation', () => {
    expect(foldText('  Quais DEMANDAS estão “atrasadas”?! ')).toBe(
      'quais demandas estao atrasadas',
    );
    expect(foldText('dia 20/03, ok')).toBe('dia 20/03 ok');
  });

  it('takes the contract out of the sentence', () => {
    expect(extractContract('demandas atrasadas no contrato Frota Sul?')).toEqual({
      contrato: 'Frota Sul',
      rest: 'demandas atrasadas',
    });
    expect(extractContract('sem contrato aqui').contrato).toBe('aqui');
    expect(extractContract('nada disso')).toEqual({ contrato: null, rest: 'nada disso' });
  });

  it('resolves days relative to today and refuses impossible dates', () => {
    expect(dayOf('ontem', TODAY)).toBe('2026-03-10');
    expect(dayOf('quarta', TODAY)).toBe('2026-03-11');
    expect(dayOf('terca', TODAY)).toBe('2026-03-17');
    expect(dayOf('dia 31/02', TODAY)).toBe(TODAY);
    expect(dayOf('dia 5/1/27', TODAY)).toBe('2027-01-05');
  });

  it('names a conversation after its first question', () => {
    expect(conversationTitleFrom('  o que tenho\npara hoje? ')).toBe('o que tenho para hoje?');
    const long = conversationTitleFrom(
      'quais demandas estão atrasadas no contrato Hospital Central e quem é o responsável por cada uma',
    );
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('…')).toBe(true);
    expect(conversationTitleFrom('   ')).toBe('Nova conversa');
  });
});
