import { addDaysTo, formatDateBr, startOfDayInZone } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  agendaEntries,
  agendaEntryPeople,
  assistantMessages,
  protocols,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { Person } from '../murals/murals.fixtures.ts';
import { answerOf, ask, seedWorld, type World } from './assistant-test-kit.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await seedWorld(t);
});
afterAll(async () => t.close());
// Many questions from the same people: keep them under the per-minute limit.
beforeEach(async () => {
  await t.database.db
    .update(assistantMessages)
    .set({ createdAt: sql`now() - interval '2 minutes'` });
});

/** The stored answer to one question, with the hrefs of its linked items. */
async function answer(p: Person, question: string) {
  const res = await ask(p, question);
  expect(res.statusCode).toBe(200);
  const { message } = answerOf(res.body);
  expect(message.offline).toBe(true);
  return { text: message.content, hrefs: message.sources.map((s) => s.href), message };
}

const demand = (id: number) => `/eproto/murals/${id}`;
const task = (id: number) => `/eproto/protocols/${id}`;

describe('offline mode: late demands and tasks', () => {
  it.each([
    'quais demandas estão atrasadas?',
    'Quais demandas estao atrasadas',
    'DEMANDAS ATRASADAS',
    'tem alguma demanda em atraso?',
    'mostre as demandas vencidas',
  ])('"%s" lists the late demands the gerente sees, linked', async (q) => {
    const { text, hrefs } = await answer(w.people.gerente, q);
    expect(text).toContain(
      `[#${w.murals.aLate.id} Troca do quadro elétrico](${demand(w.murals.aLate.id)})`,
    );
    expect(hrefs).toContain(demand(w.murals.aLate.id));
    // Not late, concluded, or outside the gerente's scope.
    for (const title of [
      'Pintura da fachada',
      'Limpeza concluída',
      'Reforma sigilosa',
      'Reparo do elevador',
    ]) {
      expect(text).not.toContain(title);
    }
  });

  it.each([
    'quais demandas estão atrasadas no contrato Hospital Central?',
    'QUAIS DEMANDAS ESTÃO ATRASADAS DO CONTRATO HOSPITAL',
    'demandas atrasadas contrato “hospital central”',
  ])('"%s" filters by the contract', async (q) => {
    const { text, hrefs } = await answer(w.people.gerente, q);
    expect(text).toContain('no contrato Hospital Central');
    expect(hrefs).toEqual([demand(w.murals.aLate.id)]);
  });

  it('by the contract code too', async () => {
    const { hrefs } = await answer(
      w.people.diretor,
      `demandas atrasadas do contrato ${w.contracts.secreta.codigo}`,
    );
    expect(hrefs).toEqual([demand(w.murals.xLate.id)]);
  });

  it.each(['Quais tarefas passaram do prazo?', 'tarefas atrasadas'])(
    '"%s" lists late tasks',
    async (q) => {
      const { text, hrefs } = await answer(w.people.gerente, q);
      expect(hrefs).toEqual([task(w.tasks.lateTask.id)]);
      expect(text).toContain('Comprar disjuntores');
      expect(text).not.toContain('Troca do quadro elétrico](');
    },
  );

  it('"o que está atrasado?" lists demands and tasks', async () => {
    const { hrefs } = await answer(w.people.gerente, 'o que está atrasado?');
    expect(hrefs).toEqual([demand(w.murals.aLate.id), task(w.tasks.lateTask.id)]);
  });

  it('diretoria sees every contract', async () => {
    const { hrefs } = await answer(w.people.diretor, 'quais demandas estão atrasadas?');
    for (const m of [w.murals.aLate, w.murals.bLate, w.murals.xLate]) {
      expect(hrefs).toContain(demand(m.id));
    }
  });

  it('equipe asking about a contract outside their scope gets nothing from it', async () => {
    const { text, hrefs } = await answer(
      w.people.equipe,
      'quais demandas estão atrasadas no contrato Hospital Central?',
    );
    expect(text).toBe('Não encontrei um contrato visível para você com o nome "Hospital Central".');
    expect(hrefs).toEqual([]);
    const own = await answer(w.people.equipe, 'demandas atrasadas');
    expect(own.hrefs).toEqual([demand(w.murals.bLate.id)]);
  });
});

describe('offline mode: agenda of a day', () => {
  it.each(['o que tenho para hoje?', 'minha agenda de hoje', 'O que eu tenho hoje?'])(
    '"%s" shows today\'s field entry and the work due today',
    async (q) => {
      const { text, hrefs } = await answer(w.people.gerente, q);
      expect(text).toContain(`Sua agenda em ${formatDateBr(w.today)} (hoje)`);
      expect(text).toContain('Hospital Central — Bloco B');
      expect(text).toContain('10:00–12:00');
      expect(hrefs).toContain('/tatico/agenda');
      expect(hrefs).toContain(demand(w.murals.aToday.id));
    },
  );

  it('"O que tenho pra amanhã" shows tomorrow\'s task', async () => {
    const { text, hrefs } = await answer(w.people.gerente, 'O que tenho pra amanhã');
    expect(text).toContain('(amanhã)');
    expect(hrefs).toEqual([task(w.tasks.tomorrowTask.id)]);
  });

  it('names other days by their weekday', async () => {
    // Three days ahead: never today, tomorrow or yesterday.
    const day = addDaysTo(w.today, 3);
    const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    );
    const { text } = await answer(w.people.equipe, `compromissos de ${weekday}`);
    expect(text).toContain(`Nada na sua agenda em ${weekday}, ${formatDateBr(day)}`);
  });

  it('leaves cancelled entries out of "o que tenho para amanhã?"', async () => {
    const tomorrow = startOfDayInZone(addDaysTo(w.today, 1), t.config.COMPANY_TIME_ZONE).getTime();
    const entries = await t.database.db
      .insert(agendaEntries)
      .values(
        ['Pátio Norte (cancelada)', 'Subestação Leste'].map((local, i) => ({
          inicio: new Date(tomorrow + (8 + i * 4) * 3_600_000),
          fim: new Date(tomorrow + (10 + i * 4) * 3_600_000),
          local,
          descricao: 'Ronda',
          contractId: w.contracts.hospital.id,
          status: i === 0 ? ('cancelado' as const) : ('agendado' as const),
        })),
      )
      .returning();
    await t.database.db
      .insert(agendaEntryPeople)
      .values(entries.map((e) => ({ entryId: e.id, userId: w.people.coordenador.user.id })));
    const { text } = await answer(w.people.coordenador, 'o que tenho para amanhã?');
    expect(text).toContain('Subestação Leste');
    expect(text).not.toContain('Pátio Norte');
    expect(text).not.toContain('Cancelado');
  });

  it('says so when the day is empty', async () => {
    const { text, hrefs } = await answer(w.people.equipe, 'qual é a minha agenda amanha?');
    expect(text).toContain('Nada na sua agenda');
    expect(hrefs).toEqual([]);
  });
});

describe('offline mode: reviews and alerts', () => {
  it.each(['revisões pendentes', 'tem algo para eu revisar?', 'o que falta aprovar?'])(
    '"%s" lists the pending reviews',
    async (q) => {
      const { text, hrefs } = await answer(w.people.coordenador, q);
      expect(text).toContain('1 revisão pendente');
      expect(hrefs).toEqual([task(w.tasks.reviewTask.id)]);
    },
  );

  it('equipe does not review', async () => {
    const { text } = await answer(w.people.equipe, 'revisões pendentes');
    expect(text).toContain('Seu perfil não revisa tarefas');
  });

  it.each([
    ['alertas de EPI', ['/tatico/epi'], 'CA 12345'],
    ['Tem alerta da frota?', ['/tatico/frota'], 'ABC'],
    ['alertas de epi e frota', ['/tatico/epi', '/tatico/frota'], 'Luva de vaqueta'],
  ])('"%s" lists the alerts', async (q, links, snippet) => {
    const { text, hrefs } = await answer(w.people.gerente, q);
    expect(text).toContain(snippet);
    expect(hrefs.sort()).toEqual([...links].sort());
  });

  it('roles without the field screens get no alerts', async () => {
    const { text, hrefs } = await answer(w.people.equipe, 'tem manutenção vencida?');
    expect(text).toContain('não tem acesso aos alertas');
    expect(hrefs).toEqual([]);
  });
});

describe('offline mode: summary of a demand', () => {
  it.each([
    (id: number) => `resuma a demanda ${id}`,
    (id: number) => `Resumo da demanda #${id}`,
    (id: number) => `como está a demanda ${id}?`,
  ])('summarises a numbered demand with its tasks (%#)', async (q) => {
    const { text, hrefs } = await answer(w.people.gerente, q(w.murals.aLate.id));
    expect(text).toContain(`**[#${w.murals.aLate.id} Troca do quadro elétrico]`);
    expect(text).toContain('Etapa: Em andamento');
    expect(text).toContain('(**atrasada**)');
    expect(text).toContain('Tarefas (1, 1 atrasada)');
    expect(hrefs).toEqual([demand(w.murals.aLate.id), task(w.tasks.lateTask.id)]);
  });

  it('finds a demand by name', async () => {
    const { hrefs } = await answer(w.people.gerente, 'resuma a demanda troca do quadro');
    expect(hrefs[0]).toBe(demand(w.murals.aLate.id));
  });

  it('never summarises a demand outside the user scope', async () => {
    const { text, hrefs } = await answer(
      w.people.gerente,
      `me fale sobre a demanda ${w.murals.xLate.id}`,
    );
    expect(text).toContain(`Não encontrei a demanda #${w.murals.xLate.id}`);
    expect(text).not.toContain('Reforma sigilosa');
    expect(hrefs).toEqual([]);
    const byName = await answer(w.people.gerente, 'resuma a demanda Reforma sigilosa');
    expect(byName.text).toContain('Não encontrei nenhuma demanda');
  });
});

describe('offline mode: what it cannot answer', () => {
  it.each(['ajuda', 'Olá!'])('"%s" explains offline mode and what it answers', async (q) => {
    const { text } = await answer(w.people.gerente, q);
    expect(text).toContain('**modo offline**');
    expect(text).toContain('Revisões pendentes');
  });

  it.each(['crie uma tarefa para João amanhã', 'Pode agendar uma visita na sexta?'])(
    '"%s" says that creating needs the AI provider, and creates nothing',
    async (q) => {
      const before = await t.database.db.select({ id: protocols.id }).from(protocols);
      const { text, hrefs, message } = await answer(w.people.gerente, q);
      expect(text.startsWith('Criar, alterar ou enviar algo pelo assistente')).toBe(true);
      expect(text).toContain('precisa do **provedor de IA**');
      expect(text).not.toContain('Sua agenda');
      expect(hrefs).toEqual([]);
      expect(message.sources).toEqual([]);
      const after = await t.database.db.select({ id: protocols.id }).from(protocols);
      expect(after).toHaveLength(before.length);
    },
  );

  it('an unknown question says so plainly', async () => {
    const { text, hrefs } = await answer(w.people.gerente, 'qual a capital da França?');
    expect(text.startsWith('Não entendi a pergunta.')).toBe(true);
    expect(text).toContain('nenhum provedor de IA está configurado');
    expect(hrefs).toEqual([]);
  });
});
