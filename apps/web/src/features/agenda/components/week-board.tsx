import type { AgendaEntry, FieldPerson } from '@eproto/domain';
import { roleOf } from '@eproto/domain';
import { ActionIcon, Avatar, ScrollArea, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { memo, useMemo } from 'react';

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

/**
 * Rows are people (field team plus anyone scheduled), columns the 7 days of the week. A row is
 * drawn again only when its person's entries change (react-query keeps an unchanged entry the
 * same object across refetches): the board has a row per field person and a button per day
 * (~500 at 72 people, late in an e2e run), and an OS made from one entry redrew them all.
 */
export function WeekBoard({ days, entries, people, onOpen, onCreate }: Props) {
  const today = dayjs().format('YYYY-MM-DD');
  const { rows, byPerson } = useMemo(() => {
    const scheduled = new Map<number, string>();
    const byPerson = new Map<number, AgendaEntry[]>();
    for (const e of entries) {
      for (const p of e.pessoas) {
        scheduled.set(p.id, p.nome);
        byPerson.set(p.id, [...(byPerson.get(p.id) ?? []), e]);
      }
    }
    const known = new Set(people.map((p) => p.id));
    const rows = [
      ...people
        .filter((p) => roleOf(p.role) === 'equipe' || scheduled.has(p.id))
        .map((p) => ({ id: p.id, nome: p.nome })),
      ...[...scheduled].filter(([id]) => !known.has(id)).map(([id, nome]) => ({ id, nome })),
    ];
    return { rows, byPerson };
  }, [entries, people]);
  const dayKey = days.join();

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
            id={person.id}
            nome={person.nome}
            dayKey={dayKey}
            today={today}
            mine={byPerson.get(person.id) ?? NONE}
            onOpen={onOpen}
            onCreate={onCreate}
          />
        ))}
      </div>
    </ScrollArea>
  );
}

const NONE: AgendaEntry[] = [];

interface RowProps extends Pick<Props, 'onOpen' | 'onCreate'> {
  id: number;
  nome: string;
  /** The week's days joined ("2026-11-30,…"): a string, so that a new array is no change. */
  dayKey: string;
  today: string;
  /** This person's entries of the week. */
  mine: AgendaEntry[];
}

/** The same entries, one by one (a refetch that changed another person's keeps these). */
const sameEntries = (a: AgendaEntry[], b: AgendaEntry[]) =>
  a.length === b.length && a.every((e, i) => e === b[i]);

const Row = memo(
  RowView,
  (a, b) =>
    a.id === b.id &&
    a.nome === b.nome &&
    a.dayKey === b.dayKey &&
    a.today === b.today &&
    a.onOpen === b.onOpen &&
    a.onCreate === b.onCreate &&
    sameEntries(a.mine, b.mine),
);

function RowView({ id, nome, dayKey, today, mine, onOpen, onCreate }: RowProps) {
  const person = { id, nome };
  const days = dayKey.split(',');
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
