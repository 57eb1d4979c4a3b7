// Scales the demo company up for the load and browser benches, straight into the database of a
// server started by startApp (fresh DATA_DIR, demo company already seeded). The size is a scale
// factor (BENCH_SCALE, default 1): at 1×, 200 people, 30 contracts, 5,000 demands (one board
// holds 1,000), 20,000 tasks, 50,000 messages, ~8,600 notifications and 5,000 agenda entries;
// at 10×, 2,000 people, 300 contracts, 50,000 demands (one board of 5,000), 200,000 tasks,
// 1,000,000 messages, 200,000 notifications and 50,000 agenda entries; in between, straight
// lines; below 1×, a proportional cut (0.1× for quick checks). The links that make scope
// queries realistic come along (contracts, board and demand participants, task owners, seen
// marks). Set-based SQL (INSERT ... SELECT generate_series), so 1× takes seconds.
// Deterministic: setseed() fixes random(). Every integer expression stays inside int4 at 10×
// (intBounds, checked by generate.test.ts); the one that would not (a spread of message ids)
// runs in bigint.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Quantities of a generated company. */
export interface Scale {
  factor: number;
  users: number;
  contracts: number;
  demands: number;
  bigBoardDemands: number;
  tasks: number;
  /** Direct chat + contract rooms + demand messages. */
  messages: number;
  notifications: number;
  agenda: number;
  /** Service orders (OSs), one per generated agenda entry up to this many. */
  serviceOrders: number;
}

// [at 1×, at 10×]
const AT: Record<Exclude<keyof Scale, 'factor'>, [number, number]> = {
  users: [200, 2_000],
  contracts: [30, 300],
  demands: [5_000, 50_000],
  bigBoardDemands: [1_000, 5_000],
  tasks: [20_000, 200_000],
  messages: [50_000, 1_000_000],
  notifications: [8_560, 200_000],
  agenda: [5_000, 50_000],
  serviceOrders: [5_000, 50_000],
};

/** The quantities at a scale factor (1 = the usual bench company, 10 = the 10× one). */
export function scaleOf(factor = 1): Scale {
  if (!(factor > 0) || factor > 50) throw new Error(`fator de escala inválido: ${factor}`);
  const at = ([one, ten]: [number, number]) =>
    Math.max(1, Math.round(factor <= 1 ? one * factor : one + ((ten - one) * (factor - 1)) / 9));
  const s = Object.fromEntries(Object.entries(AT).map(([k, v]) => [k, at(v)])) as Omit<
    Scale,
    'factor'
  >;
  return {
    factor,
    ...s,
    users: Math.max(s.users, 20),
    contracts: Math.max(s.contracts, 3),
    bigBoardDemands: Math.min(s.bigBoardDemands, Math.ceil(s.demands / 2)),
    serviceOrders: Math.min(s.serviceOrders, s.agenda),
  };
}

/** BENCH_SCALE from the environment (default 1). */
export function scaleFromEnv(env: NodeJS.ProcessEnv = process.env): Scale {
  return scaleOf(env.BENCH_SCALE ? Number(env.BENCH_SCALE) : 1);
}

/** Shares of the messages: direct chat, contract rooms, demand threads. */
export function messageSplit(s: Scale) {
  const direct = Math.round(s.messages * 0.6);
  const rooms = Math.round(s.messages * 0.2);
  return { direct, rooms, onDemands: s.messages - direct - rooms };
}

/** Notifications of gerente@ (the bench's user); the rest are spread over everyone else. */
export const GERENTE_NOTIFICATIONS = 600;

/**
 * Largest value each int4 expression of the generator reaches (ids are bounded by the row
 * counts; the demo company adds well under a thousand rows of each). Each multiplier here is
 * the one written in the SQL below.
 */
export function intBounds(s: Scale): Record<string, number> {
  const slack = 1_000;
  const people = s.users + slack;
  const murals = s.demands + slack;
  const { direct } = messageSplit(s);
  const perPerson = Math.ceil((s.notifications - GERENTE_NOTIFICATIONS) / Math.max(1, s.users - 1));
  return {
    userContracts: people * 2 * 7,
    boardParticipants: (s.contracts + slack) * 31 + 8 * 17,
    muralParticipants: murals * 2 * 13,
    taskOwner: murals * 3 + 4,
    directSender: direct * 7,
    directRecipient: direct * 11 + 3,
    roomSender: Math.round(s.messages * 0.2) * 7,
    demandMessageAuthor: s.messages * 7,
    notificationPick: people * Math.max(perPerson, GERENTE_NOTIFICATIONS),
    userNames: people * 13 + 5,
    demandOwner: murals * 11,
    agendaPlace: s.agenda * 13 + 7,
    agendaPeople: (s.agenda + slack) * 2 * 7,
    osNumber: s.serviceOrders + 100_000 + slack,
    osType: s.serviceOrders * 7,
  };
}

/** Connection URL of the embedded PostgreSQL of a running server using `dataDir`. */
export function databaseUrl(dataDir: string): string {
  const { password } = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'pg-credentials.json'), 'utf8'),
  ) as { password: string };
  // postmaster.pid line 4 is the port the cluster listens on (PostgreSQL's documented layout).
  const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const port = Number(lines[3]);
  if (!port) throw new Error(`porta do PostgreSQL não encontrada em ${dataDir}`);
  return `postgres://eproto:${password}@127.0.0.1:${port}/eproto`;
}

export interface Generated {
  scale: Scale;
  /** The big board (1,000 demands at 1×, 5,000 at 10×; visible to gerente@ through its contract). */
  bigBoardId: number;
  /** Demands of the big board, for kanban moves. */
  bigBoardMuralIds: number[];
  /** Other people gerente@ can chat with. */
  chatPeerIds: number[];
  totals: Record<string, number>;
  ms: number;
}

const FIRST = [
  'Ana',
  'Bruno',
  'Camila',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Karina',
  'Lucas',
  'Mariana',
  'Nicolas',
  'Olívia',
  'Paulo',
  'Rafaela',
  'Sérgio',
  'Tatiana',
  'Vinícius',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
];
const ROLES = ['Equipe de Campo', 'Equipe de Campo', 'Equipe de Campo', 'Coordenador', 'Gerente'];
const WORK = [
  'Manutenção preventiva',
  'Troca de luminárias',
  'Inspeção de quadro elétrico',
  'Vistoria de telhado',
  'Reparo hidráulico',
  'Pintura de fachada',
  'Instalação de câmeras',
  'Revisão de ar-condicionado',
  'Limpeza de caixa d’água',
  'Laudo de SPDA',
];
const PLACES = [
  'Bloco A',
  'Bloco B',
  'Torre Norte',
  'Torre Sul',
  'Subsolo',
  'Cobertura',
  'Ala Leste',
  'Recepção',
  'Estacionamento',
  'Casa de máquinas',
];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
/** i-th element (1-based arrays) of a literal array picked by an integer expression. */
const pick = (xs: string[], expr: string) => `(${arr(xs)})[1 + ((${expr}) % ${xs.length})]`;

async function count(c: pg.Client, table: string): Promise<number> {
  const r = await c.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return r.rows[0]!.n;
}

/** Fills the database of a running server; idempotence is not needed (fresh DATA_DIR). */
export async function generate(dataDir: string, scale: Scale = scaleFromEnv()): Promise<Generated> {
  const SCALE = scale;
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: databaseUrl(dataDir) });
  await c.connect();
  try {
    const done = await c.query(`select 1 from users where email = 'carga1@eproto.test'`);
    if (done.rowCount) {
      await settle(c);
      const found = await describe(c, SCALE, t0);
      const murals = found.totals.murals ?? 0;
      if (murals < SCALE.demands * 0.9 || murals > SCALE.demands * 1.1) {
        throw new Error(
          `os dados já gerados têm ${murals} demandas; BENCH_SCALE=${SCALE.factor} pede ${SCALE.demands}`,
        );
      }
      return found;
    }
    await c.query('select setseed(0.42)');
    await c.query('begin');
    const gerente = (
      await c.query<{ id: number; password_hash: string }>(
        `select id, password_hash from users where email = 'gerente@eproto.test'`,
      )
    ).rows[0]!;

    // People, signing in with the demo password.
    const missingUsers = SCALE.users - (await count(c, 'users'));
    await c.query(
      `insert into users (email, nome, role, password_hash, created_at)
       select 'carga' || g || '@eproto.test',
              ${pick(FIRST, 'g')} || ' ' || ${pick(LAST, 'g * 7')} || ' ' || ${pick(LAST, 'g * 13 + 5')},
              ${pick(ROLES, 'g')}, $1, now() - (g || ' days')::interval
       from generate_series(1, $2::int) g`,
      [gerente.password_hash, Math.max(0, missingUsers)],
    );
    const benchUsers = (
      await c.query<{ id: number }>(`select id from users where email like 'carga%' order by id`)
    ).rows.map((r) => r.id);

    // Contracts; the first new one carries the big board.
    const missingContracts = SCALE.contracts - (await count(c, 'contracts'));
    const newContracts = (
      await c.query<{ id: number }>(
        `insert into contracts (codigo, nome, cliente, status, inicio, fim, valor, created_by)
         select 'CARGA-' || lpad(g::text, 3, '0'), 'Contrato de carga ' || g,
                'Cliente ' || ${pick(LAST, 'g * 3')} || ' S.A.', 'ativo',
                current_date - 365, current_date + 365, 100000 + g * 2500, $1
         from generate_series(1, $2::int) g
         returning id`,
        [gerente.id, Math.max(1, missingContracts)],
      )
    ).rows.map((r) => r.id);
    const bigContract = newContracts[0]!;
    const allContracts = (
      await c.query<{ id: number }>('select id from contracts order by id')
    ).rows.map((r) => r.id);

    // Each bench person in 2 contracts; gerente@ in the big one and a third of the rest.
    await c.query(
      `insert into user_contracts (user_id, contract_id)
       select u, ($2::int[])[1 + ((u * k * 7) % array_length($2::int[], 1))]
       from unnest($1::int[]) u, generate_series(1, 2) k
       on conflict do nothing`,
      [benchUsers, allContracts],
    );
    await c.query(
      `insert into user_contracts (user_id, contract_id)
       select $1, c from unnest($2::int[]) with ordinality as t(c, i) where c = $3 or i % 3 = 0
       on conflict do nothing`,
      [gerente.id, allContracts, bigContract],
    );

    // Boards: the big one, then more spread over the contracts (24 at 1×).
    const bigBoardId = (
      await c.query<{ id: number }>(
        `insert into boards (nome, descricao, contract_id, cor, created_by)
         values ('Operação em larga escala', 'Quadro de carga com 1.000 demandas', $1, '#7950f2', $2)
         returning id`,
        [bigContract, gerente.id],
      )
    ).rows[0]!.id;
    await c.query(
      `insert into boards (nome, contract_id, cor, created_by)
       select 'Quadro de carga ' || g, ($1::int[])[1 + (g % array_length($1::int[], 1))],
              (array['#228be6','#12b886','#fab005','#fa5252'])[1 + g % 4], $2
       from generate_series(1, $3::int) g`,
      [allContracts, gerente.id, Math.max(4, Math.round(24 * Math.max(1, SCALE.factor)))],
    );
    const otherBoards = (
      await c.query<{ id: number }>('select id from boards where id <> $1 order by id', [
        bigBoardId,
      ])
    ).rows.map((r) => r.id);
    await c.query(
      `insert into board_participants (board_id, user_id)
       select b, ($2::int[])[1 + ((b * 31 + k * 17) % array_length($2::int[], 1))]
       from unnest($1::int[]) b, generate_series(1, 8) k
       on conflict do nothing`,
      [[bigBoardId, ...otherBoards], benchUsers],
    );
    await c.query(
      'insert into board_participants (board_id, user_id) values ($1, $2) on conflict do nothing',
      [bigBoardId, gerente.id],
    );

    // Demands: the big board's, then the rest on the other boards.
    const people = [gerente.id, ...benchUsers];
    const demandSql = (board: string, contract: string) => `
      insert into murals (titulo, descricao, board_id, contract_id, prioridade, stage,
        responsavel_id, inicio_previsto, fim_previsto, inicio_real, fim_real, created_by,
        last_activity_at, last_activity_by, created_at, updated_at)
      select ${pick(WORK, 'g')} || ' — ' || ${pick(PLACES, 'g * 3')} || ' #' || g,
             'Demanda gerada para o teste de carga. Verificar local, registrar fotos e concluir o checklist.',
             ${board}, ${contract},
             (array['baixa','media','media','alta','urgente'])[1 + (g % 5)],
             s.stage, ($1::int[])[1 + ((g * 11) % array_length($1::int[], 1))],
             current_date - 30 + (g % 40), current_date - 20 + (g % 60),
             case when s.stage <> 'a_fazer' then current_date - 25 + (g % 20) end,
             case when s.stage = 'concluido' then current_date - 3 + (g % 3) end,
             $2, t.at, ($1::int[])[1 + ((g * 5) % array_length($1::int[], 1))], t.at - interval '20 days', t.at
      from generate_series(1, $3::int) g
      cross join lateral (select (array['a_fazer','a_fazer','a_fazer','em_andamento','em_andamento','em_andamento','em_revisao','em_revisao','concluido','concluido'])[1 + g % 10] as stage) s
      cross join lateral (select now() - (random() * interval '60 days') as at) t`;
    await c.query(demandSql(String(bigBoardId), String(bigContract)), [
      people,
      gerente.id,
      SCALE.bigBoardDemands,
    ]);
    const missingDemands = SCALE.demands - (await count(c, 'murals'));
    await c.query(
      demandSql(
        `($4::int[])[1 + (g % array_length($4::int[], 1))]`,
        `(select b.contract_id from boards b where b.id = ($4::int[])[1 + (g % array_length($4::int[], 1))])`,
      ),
      [people, gerente.id, Math.max(0, missingDemands), otherBoards],
    );
    const bigBoardMuralIds = (
      await c.query<{ id: number }>('select id from murals where board_id = $1 order by id', [
        bigBoardId,
      ])
    ).rows.map((r) => r.id);

    const allMurals = (await c.query<{ id: number }>('select id from murals order by id')).rows.map(
      (r) => r.id,
    );
    await c.query(
      `insert into mural_participants (mural_id, user_id)
       select m.id, ($1::int[])[1 + ((m.id * k * 13) % array_length($1::int[], 1))]
       from murals m, generate_series(1, 2) k
       on conflict do nothing`,
      [benchUsers],
    );
    await c.query(
      `insert into mural_history (mural_id, author_id, action, after, created_at)
       select id, created_by, 'criada', jsonb_build_object('titulo', titulo, 'stage', stage), created_at
       from murals where board_id in (select id from boards where nome like '%carga%' or id = $1)`,
      [bigBoardId],
    );
    // gerente@ has opened about half of the big board.
    await c.query(
      `insert into mural_views (mural_id, user_id, viewed_at)
       select id, $1, last_activity_at + interval '1 hour' from murals where board_id = $2 and id % 2 = 0
       on conflict do nothing`,
      [gerente.id, bigBoardId],
    );

    // Tasks: about four per demand, one in five with a chain link.
    const missingTasks = SCALE.tasks - (await count(c, 'protocols'));
    await c.query(
      `insert into protocols (mural_id, titulo, responsavel_id, stage, prioridade,
         inicio_previsto, fim_previsto, horas_estimadas, created_by, review_status, review_requested_at)
       select m.id, 'Etapa ' || k || ': ' || ${pick(['levantamento', 'execução', 'conferência', 'relatório', 'entrega'], 'k')},
              ($1::int[])[1 + ((m.id * 3 + k) % array_length($1::int[], 1))],
              s.stage, m.prioridade, m.inicio_previsto + (k - 1) * 2, m.inicio_previsto + k * 2, 4 + k,
              m.created_by,
              case when s.stage = 'em_revisao' then 'pendente' end,
              case when s.stage = 'em_revisao' then now() - interval '1 day' end
       from (select * from murals order by id) m
       cross join generate_series(1, 4) k
       cross join lateral (select (array['a_fazer','em_andamento','em_revisao','concluido'])[1 + (m.id + k) % 4] as stage) s
       limit $2::int`,
      [people, Math.max(0, missingTasks)],
    );
    await c.query(
      `insert into task_dependencies (protocol_id, predecessor_id, lag_days)
       select p.id, prev.id, 0 from protocols p
       join lateral (select id from protocols q where q.mural_id = p.mural_id and q.id < p.id
                     order by q.id desc limit 1) prev on true
       where p.id % 5 = 0
       on conflict do nothing`,
    );

    // Messages: 60% direct (a sixth with gerente@), 20% in contract rooms, 20% on demands.
    const { direct, rooms, onDemands } = messageSplit(SCALE);
    await c.query(
      `insert into chat_messages (sender_id, recipient_id, content, created_at, read_at)
       select a, case when b <> a then b when a = $3 then ($1::int[])[2] else $3 end,
              'Mensagem de carga ' || g || ': ' || ${pick(WORK, 'g')} || ' confirmada.',
              now() - ((${direct} - g) || ' minutes')::interval,
              case when g % 7 <> 0 then now() end
       from generate_series(1, $2::int) g
       cross join lateral (select
         case when g % 6 = 0 then $3::int else ($1::int[])[1 + ((g * 7) % array_length($1::int[], 1))] end as a,
         ($1::int[])[1 + ((g * 11 + 3) % array_length($1::int[], 1))] as b) p`,
      [people, direct, gerente.id],
    );
    await c.query(
      `insert into contract_chat_messages (contract_id, sender_id, content, created_at)
       select ($1::int[])[1 + (g % array_length($1::int[], 1))],
              ($2::int[])[1 + ((g * 7) % array_length($2::int[], 1))],
              'Atualização da sala ' || g, now() - ((${rooms} - g) || ' minutes')::interval
       from generate_series(1, $3::int) g`,
      [allContracts, people, rooms],
    );
    await c.query(
      `insert into mural_messages (mural_id, author_id, texto, created_at)
       select m.id, ($1::int[])[1 + ((g * 7) % array_length($1::int[], 1))],
              'Comentário ' || g || ' sobre o andamento.', now() - ((${onDemands} - g) || ' minutes')::interval
       from generate_series(1, $2::int) g
       cross join lateral (select ($3::int[])[1 + ((g::bigint * 7919) % array_length($3::int[], 1))::int] as id) m`,
      [people, onDemands, allMurals],
    );

    // Notifications: 600 for gerente@, the rest spread over everyone (a quarter unread).
    const perPerson = Math.max(
      1,
      Math.round((SCALE.notifications - GERENTE_NOTIFICATIONS) / Math.max(1, people.length - 1)),
    );
    await c.query(
      `insert into notifications (user_id, type, mural_id, texto, author_id, read_at, created_at)
       select u, (array['status_changed','task_assigned','date_changed','mention'])[1 + g % 4],
              ($2::int[])[1 + ((u * g) % array_length($2::int[], 1))],
              'Aviso de carga ' || g, $3, case when g % 4 <> 0 then now() end,
              now() - (g || ' hours')::interval
       from unnest($1::int[]) u
       cross join lateral generate_series(1, case when u = $3 then $4::int else $5::int end) g`,
      [people, bigBoardMuralIds, gerente.id, GERENTE_NOTIFICATIONS, perPerson],
    );

    // Agenda: entries over the last and next 60 days, two people each, on the contracts.
    const agenda = (
      await c.query<{ id: number }>(
        `insert into agenda_entries (inicio, fim, local, contract_id, descricao, status, created_by)
         select t.inicio, t.inicio + interval '3 hours', ${pick(PLACES, 'g * 13 + 7')},
                ($1::int[])[1 + (g % array_length($1::int[], 1))],
                ${pick(WORK, 'g')} || ' (agenda ' || g || ')',
                case when t.inicio < now() - interval '1 day' then 'concluido' else 'agendado' end, $2
         from generate_series(1, $3::int) g
         cross join lateral (select date_trunc('hour', now()) - interval '60 days'
           + ((g % 120) || ' days')::interval + ((7 + g % 10) || ' hours')::interval as inicio) t
         returning id`,
        [allContracts, gerente.id, SCALE.agenda],
      )
    ).rows.map((r) => r.id);
    await c.query(
      `insert into agenda_entry_people (entry_id, user_id)
       select e, ($2::int[])[1 + ((e * k * 7) % array_length($2::int[], 1))]
       from unnest($1::int[]) e, generate_series(1, 2) k
       on conflict do nothing`,
      [agenda, benchUsers],
    );

    // Service orders: one per agenda entry (its place, period, contract and people), numbered
    // after the year's last OS, on the demo service types (their latest checklist version);
    // past visits concluded, the rest open. The year's counter moves past them.
    const osEntries = agenda.slice(0, SCALE.serviceOrders);
    const types = (
      await c.query<{ type_id: number; version_id: number }>(
        `select st.id as type_id,
                (select v.id from service_type_versions v where v.service_type_id = st.id
                 order by v.versao desc limit 1) as version_id
         from service_types st where exists (select 1 from service_type_versions v where v.service_type_id = st.id)
         order by st.id`,
      )
    ).rows;
    if (types.length === 0) throw new Error('nenhum tipo de serviço na empresa de demonstração');
    const year = new Date().getFullYear();
    const firstNumber =
      (
        await c.query<{ n: number }>(
          `select greatest(coalesce((select max(numero) from service_orders where ano = $1), 0),
                           coalesce((select ultimo from service_order_counters where ano = $1), 0))::int as n`,
          [year],
        )
      ).rows[0]!.n + 1;
    await c.query(
      `insert into service_orders (codigo, ano, numero, contract_id, service_type_id, version_id,
         agenda_entry_id, local, descricao, previsto_inicio, previsto_fim, status, check_in_em,
         concluida_em, created_by, created_at, updated_at)
       select 'OS-' || $2::int || '-' || lpad(($3::int + u.i - 1)::text, 6, '0'), $2::int,
              $3::int + u.i - 1, e.contract_id, t.type_id, t.version_id, e.id, e.local,
              e.descricao, e.inicio, e.fim,
              case when e.status = 'concluido' then 'concluida' else 'aberta' end,
              case when e.status = 'concluido' then e.inicio end,
              case when e.status = 'concluido' then e.fim end,
              $4, e.inicio - interval '7 days', coalesce(case when e.status = 'concluido' then e.fim end, e.inicio - interval '7 days')
       from unnest($1::int[]) with ordinality as u(id, i)
       join agenda_entries e on e.id = u.id
       cross join lateral (select 1 + ((u.i * 7) % array_length($5::int[], 1))::int as k) t0
       cross join lateral (select ($5::int[])[t0.k] as type_id, ($6::int[])[t0.k] as version_id) t`,
      [
        osEntries,
        year,
        firstNumber,
        gerente.id,
        types.map((t) => t.type_id),
        types.map((t) => t.version_id),
      ],
    );
    await c.query(
      `insert into service_order_counters (ano, ultimo) values ($1, $2)
       on conflict (ano) do update set ultimo = greatest(service_order_counters.ultimo, excluded.ultimo)`,
      [year, firstNumber + osEntries.length - 1],
    );
    await c.query(
      `insert into service_order_people (service_order_id, user_id, entrou_em)
       select o.id, p.user_id, o.created_at
       from service_orders o join agenda_entry_people p on p.entry_id = o.agenda_entry_id
       where o.numero >= $1 and o.ano = $2
       on conflict do nothing`,
      [firstNumber, year],
    );
    await c.query('commit');
    await settle(c);
    return await describe(c, SCALE, t0);
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

/** Name of the board of 1,000 demands that boardOfThousand adds to a company larger than 1×. */
export const THOUSAND_BOARD = 'Quadro de 1.000 demandas';

/**
 * A board of exactly 1,000 demands (the size ARCHITECTURE.md's "board usable < 1 s" speaks of)
 * inside the generated company, for the browser bench. Up to 1× the big board already is one
 * (returned as it is). Above, the big board is larger (5,000 at 10×), so this moves 1,000
 * generated demands of the other boards onto a new board shaped like the 1× big board: on the
 * big board's contract, with its participants, the first 1,000 demands of the other boards in
 * id order (the same titles, stages and priorities as the 1× big board's, which come from the
 * same generate_series row number), each keeping its tasks, messages, participants and history,
 * and gerente@ having opened half of them. The company keeps its size (50,000 demands at 10×).
 * Run it on a bench's own copy of the data (it writes): a template stays as generated.
 */
export async function boardOfThousand(
  dataDir: string,
  gen: Generated,
): Promise<{ id: number; muralIds: number[] }> {
  if (gen.bigBoardMuralIds.length <= 1_000) {
    return { id: gen.bigBoardId, muralIds: gen.bigBoardMuralIds };
  }
  const c = new pg.Client({ connectionString: databaseUrl(dataDir) });
  await c.connect();
  const muralsOf = async (id: number) =>
    (
      await c.query<{ id: number }>('select id from murals where board_id = $1 order by id', [id])
    ).rows.map((r) => r.id);
  try {
    const found = await c.query<{ id: number }>('select id from boards where nome = $1', [
      THOUSAND_BOARD,
    ]);
    if (found.rows[0]) return { id: found.rows[0].id, muralIds: await muralsOf(found.rows[0].id) };
    await c.query('begin');
    const gerente = (
      await c.query<{ id: number }>(`select id from users where email = 'gerente@eproto.test'`)
    ).rows[0]!.id;
    const id = (
      await c.query<{ id: number }>(
        `insert into boards (nome, descricao, contract_id, cor, created_by)
         select $1, 'Quadro de carga com 1.000 demandas', contract_id, cor, created_by
         from boards where id = $2
         returning id`,
        [THOUSAND_BOARD, gen.bigBoardId],
      )
    ).rows[0]!.id;
    await c.query(
      `insert into board_participants (board_id, user_id)
       select $1, user_id from board_participants where board_id = $2`,
      [id, gen.bigBoardId],
    );
    await c.query(
      `update murals set board_id = $1, contract_id = (select contract_id from boards where id = $1)
       where id in (select m.id from murals m join boards b on b.id = m.board_id
                    where b.nome like 'Quadro de carga %' order by m.id limit 1000)`,
      [id],
    );
    await c.query(
      `insert into mural_views (mural_id, user_id, viewed_at)
       select id, $1, last_activity_at + interval '1 hour' from murals where board_id = $2 and id % 2 = 0
       on conflict do nothing`,
      [gerente, id],
    );
    await c.query('commit');
    await c.query('vacuum analyze murals, mural_views, boards, board_participants');
    return { id, muralIds: await muralsOf(id) };
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

/**
 * VACUUM (ANALYZE) of the whole company before anything is measured. Rows written in bulk (the
 * generator, or a template copied from one) were never vacuumed: a minute into the bench the
 * autovacuum launcher found every big table past its insert threshold (chat_messages 600,016
 * rows, notifications 310,837, protocols 200,000... at 10×) and vacuumed them one after the
 * other while the rounds ran, each writing a full-page image of every page it marked
 * all-visible (7-18 MB of WAL a table) beside the writes' commits waiting for their WAL flush.
 * A company that grew by use never sees that burst. ~6 s at 10×; nothing to do on a copy
 * already settled.
 */
async function settle(c: pg.Client) {
  await c.query('vacuum (analyze)');
}

/** What the benches need to know of a generated company (also of one generated earlier). */
async function describe(c: pg.Client, SCALE: Scale, t0: number): Promise<Generated> {
  const bigBoardId = (
    await c.query<{ id: number }>(
      `select id from boards where nome = 'Operação em larga escala' order by id limit 1`,
    )
  ).rows[0]!.id;
  const bigBoardMuralIds = (
    await c.query<{ id: number }>('select id from murals where board_id = $1 order by id', [
      bigBoardId,
    ])
  ).rows.map((r) => r.id);
  const chatPeerIds = (
    await c.query<{ id: number }>(
      `select id from users where email like 'carga%' order by id limit 50`,
    )
  ).rows.map((r) => r.id);
  const totals: Record<string, number> = {};
  for (const t of [
    'users',
    'contracts',
    'boards',
    'murals',
    'protocols',
    'chat_messages',
    'contract_chat_messages',
    'mural_messages',
    'notifications',
    'agenda_entries',
    'service_orders',
  ]) {
    totals[t] = await count(c, t);
  }
  return {
    scale: SCALE,
    bigBoardId,
    bigBoardMuralIds,
    chatPeerIds,
    totals,
    ms: Math.round(performance.now() - t0),
  };
}
