import type { MuralCounts, MuralSummary, Stage } from '@eproto/domain';
import { STAGE_LABELS, STAGES } from '@eproto/domain';
import { ActionIcon, Avatar, Group, Menu, Paper, Text, Tooltip } from '@mantine/core';
import {
  IconArrowRight,
  IconCalendarDue,
  IconDots,
  IconExternalLink,
  IconListCheck,
  IconMessage,
  IconPaperclip,
  IconPencil,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { memo, useContext } from 'react';
import { Link } from 'react-router';

import { formatDate } from '../../../lib/dates.ts';
import { PriorityBadge } from './badges.tsx';
import { DemandSlotsContext } from './demand-slots.ts';
import classes from './kanban.module.css';

interface Props {
  mural: MuralSummary;
  counts: MuralCounts | undefined;
  /** Shown while dragging (no links or menus inside). */
  overlay?: boolean;
  onMove?: (mural: MuralSummary, stage: Stage) => void;
  onEdit?: ((mural: MuralSummary) => void) | undefined;
  /** Off when the board already names the contract. */
  showContract?: boolean;
}

function Counter({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  return (
    <Tooltip label={label}>
      <Group gap={3} wrap="nowrap" c="dimmed" aria-label={label}>
        {icon}
        <Text size="xs" fw={500}>
          {value}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** dd/mm this year, dd/mm/aa otherwise. */
function shortDate(day: string): string {
  const full = formatDate(day);
  return day.slice(0, 4) === String(new Date().getFullYear())
    ? full.slice(0, 5)
    : `${full.slice(0, 6)}${full.slice(8)}`;
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** One demand on the kanban: title, responsável, due date, counters and unread marker. */
export const MuralCard = memo(function MuralCard({
  mural: m,
  counts,
  overlay,
  onMove,
  onEdit,
  showContract = true,
}: Props) {
  const unread = counts?.unread ?? m.unread;
  const unreadMessages = counts?.unread_messages ?? 0;
  const slots = useContext(DemandSlotsContext);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.card}
      data-overlay={overlay || undefined}
      data-late={m.atrasada || undefined}
    >
      <Group justify="space-between" gap={6} wrap="nowrap" mb={6}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <PriorityBadge prioridade={m.prioridade} size="xs" />
          <Text size="xs" c="dimmed">
            #{m.id}
          </Text>
          {slots.cardBadges?.(m)}
          {unread && (
            <Tooltip label="Há novidades desde a sua última visita">
              <span className={classes.unreadDot} role="status" aria-label="Não visualizada" />
            </Tooltip>
          )}
        </Group>
        {!overlay && (onMove || onEdit) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Ações da demanda ${m.titulo}`}
                onPointerDown={(e) => e.stopPropagation()}
                onKeyDown={(e) => e.stopPropagation()}
              >
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                component={Link}
                to={`/eproto/murals/${m.id}`}
                leftSection={<IconExternalLink size={14} />}
              >
                Abrir demanda
              </Menu.Item>
              {onEdit && (
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(m)}>
                  Editar
                </Menu.Item>
              )}
              {onMove && (
                <>
                  <Menu.Label>Mover para</Menu.Label>
                  {STAGES.filter((s) => s !== m.stage).map((s) => (
                    <Menu.Item
                      key={s}
                      leftSection={<IconArrowRight size={14} />}
                      onClick={() => onMove(m, s)}
                    >
                      {STAGE_LABELS[s]}
                    </Menu.Item>
                  ))}
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {overlay ? (
        <Text size="sm" fw={600} lineClamp={2}>
          {m.titulo}
        </Text>
      ) : (
        <Text
          component={Link}
          to={`/eproto/murals/${m.id}`}
          size="sm"
          fw={600}
          lineClamp={2}
          className={classes.cardTitle}
          draggable={false}
        >
          {m.titulo}
        </Text>
      )}
      {showContract && m.contract_nome && (
        <Text size="xs" c="dimmed" truncate="end" mt={2}>
          {m.contract_nome}
        </Text>
      )}
      <Group justify="space-between" gap={6} mt="xs" wrap="nowrap">
        <Group gap={8} wrap="nowrap" miw={0}>
          <Tooltip label={m.responsavel_nome ?? 'Sem responsável'}>
            <Avatar
              src={m.responsavel_avatar}
              name={m.responsavel_nome ?? undefined}
              color="initials"
              radius="xl"
              size={24}
              aria-label={`Responsável: ${m.responsavel_nome ?? 'ninguém'}`}
            />
          </Tooltip>
          {m.fim_previsto && (
            <Group
              gap={3}
              wrap="nowrap"
              c={m.atrasada ? 'red' : 'dimmed'}
              aria-label={`${m.atrasada ? 'Atrasada, prazo' : 'Prazo'} ${formatDate(m.fim_previsto)}`}
            >
              <IconCalendarDue size={14} />
              <Text size="xs" fw={m.atrasada ? 700 : 500}>
                {shortDate(m.fim_previsto)}
              </Text>
            </Group>
          )}
        </Group>
        {counts && (
          <Group gap={8} wrap="nowrap">
            <Counter
              icon={<IconListCheck size={14} />}
              value={counts.tasks}
              label={plural(counts.tasks, 'tarefa', 'tarefas')}
            />
            <Counter
              icon={<IconMessage size={14} />}
              value={counts.messages}
              label={
                unreadMessages > 0
                  ? `${plural(counts.messages, 'mensagem', 'mensagens')}, ${unreadMessages} não lida${unreadMessages === 1 ? '' : 's'}`
                  : plural(counts.messages, 'mensagem', 'mensagens')
              }
            />
            <Counter
              icon={<IconPaperclip size={14} />}
              value={counts.attachments}
              label={plural(counts.attachments, 'anexo', 'anexos')}
            />
          </Group>
        )}
      </Group>
    </Paper>
  );
});
