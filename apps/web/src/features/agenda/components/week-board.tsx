import type { AgendaEntry, FieldPerson } from '@eproto/domain';
import { roleOf } from '@eproto/domain';
import { ActionIcon, Avatar, ScrollArea, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';

import { dayjs } from '../../../lib/dates.ts';
import { hhmm, onDay } from '../utils/week.ts';
import { STATUS_COLOR } from './agenda-badges.tsx';
import classes from './week-board.module.css';

interface Props {
  days: string[];
  entries: AgendaEntry[];
  people: FieldPerson[];
  onOpen: (id: number) => void;
  onCreate: (draft: { date: string; pessoaId: number }) => void;
}

/** Rows are people (field team plus anyone scheduled), columns the 7 days of the week. */
export function WeekBoard({ days, entries, people, onOpen, onCreate }: Props) {
  const today = dayjs().format('YYYY-MM-DD');
  const scheduled = new Map<number, string>();
  for (const e of entries) for (const p of e.pessoas) scheduled.set(p.id, p.nome);
  const rows = [
    ...people
      .filter((p) => roleOf(p.role) === 'equipe' || scheduled.has(p.id))
      .map((p) => ({ id: p.id, nome: p.nome })),
    ...[...scheduled]
      .filter(([id]) => !people.some((p) => p.id === id))
      .map(([id, nome]) => ({ id, nome })),
  ];

  return (
    <ScrollArea type="auto" offsetScrollbars="present">
      <div className={classes.board} role="table" aria-label="Agenda da semana por pessoa">
        <div className={classes.row} role="row">
          <div className={classes.head} role="columnheader">
            Pessoa
          </div>
          {days.map((d) => (
            <div
              key={d}
              className={`${classes.head} ${d === today ? classes.today : ''}`}
              role="columnheader"
            >
              {dayjs(d).format('ddd DD/MM')}
            </div>
          ))}
        </div>
        {rows.map((person) => (
          <Row
            key={person.id}
            person={person}
            days={days}
            today={today}
            entries={entries}
            onOpen={onOpen}
            onCreate={onCreate}
          />
        ))}
      </div>
    </ScrollArea>
  );
}

function Row({
  person,
  days,
  today,
  entries,
  onOpen,
  onCreate,
}: { person: { id: number; nome: string }; days: string[]; today: string } & Pick<
  Props,
  'entries' | 'onOpen' | 'onCreate'
>) {
  const mine = entries.filter((e) => e.pessoas.some((p) => p.id === person.id));
  return (
    <div className={classes.row} role="row">
      <div className={classes.person} role="rowheader">
        <Avatar name={person.nome} color="initials" size={26} radius="xl" />
        <Text size="sm" fw={500} truncate="end">
          {person.nome}
        </Text>
      </div>
      {days.map((day) => {
        const list = mine.filter((e) => onDay(e, day));
        return (
          <div
            key={day}
            className={`${classes.cell} ${day === today ? classes.today : ''}`}
            role="cell"
          >
            {list.map((e) => {
              const clash = e.conflitos.some((c) => c.tipo === 'veiculo' || c.ref_id === person.id);
              return (
                <Tooltip
                  key={e.id}
                  label={`${e.descricao} — ${e.local}`}
                  multiline
                  w={260}
                  openDelay={400}
                >
                  <button
                    type="button"
                    className={`${classes.chip} ${clash ? classes.conflict : ''} ${e.status === 'cancelado' ? classes.cancelled : ''}`}
                    style={{ background: `var(--mantine-color-${STATUS_COLOR[e.status]}-light)` }}
                    onClick={() => onOpen(e.id)}
                    aria-label={`${hhmm(e.inicio)}–${hhmm(e.fim)} ${e.local}${clash ? ' (conflito de agenda)' : ''}`}
                  >
                    <b>
                      {hhmm(e.inicio)}–{hhmm(e.fim)}
                    </b>{' '}
                    {clash && (
                      <IconAlertTriangle
                        size={11}
                        color="var(--mantine-color-red-6)"
                        style={{ verticalAlign: -1 }}
                      />
                    )}
                    <br />
                    <span
                      style={{
                        display: '-webkit-box',
                        WebkitLineClamp: 2,
                        WebkitBoxOrient: 'vertical',
                        overflow: 'hidden',
                      }}
                    >
                      {e.local}
                    </span>
                  </button>
                </Tooltip>
              );
            })}
            <ActionIcon
              className={classes.add}
              size="sm"
              variant="subtle"
              aria-label={`Agendar ${person.nome} em ${dayjs(day).format('DD/MM')}`}
              onClick={() => onCreate({ date: day, pessoaId: person.id })}
            >
              <IconPlus size={14} />
            </ActionIcon>
          </div>
        );
      })}
    </div>
  );
}
