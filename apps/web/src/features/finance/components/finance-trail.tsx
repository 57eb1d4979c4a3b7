import type { FinanceItem } from '@eproto/domain';
import { Blockquote, Text, Timeline } from '@mantine/core';
import { IconCheck, IconEye, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { formatDateTime } from '../../../lib/dates.ts';

interface Step {
  title: string;
  icon: ReactNode;
  at: string | null;
  by: string | null;
  pending: string;
}

/** enviado -> visualizado -> concluido, each with who and when (or what it waits for). */
export function FinanceTrail({ item, compact }: { item: FinanceItem; compact?: boolean }) {
  const steps: Step[] = [
    {
      title: 'Enviada ao financeiro',
      icon: <IconSend size={12} />,
      at: item.finance_sent_at,
      by: item.finance_sent_by_nome,
      pending: 'Ainda não enviada',
    },
    {
      title: 'Visualizada',
      icon: <IconEye size={12} />,
      at: item.finance_viewed_at,
      by: item.finance_viewed_by_nome,
      pending: 'Aguardando o financeiro abrir',
    },
    {
      title: 'Concluída',
      icon: <IconCheck size={12} />,
      at: item.finance_done_at,
      by: item.finance_done_by_nome,
      pending: 'Aguardando conclusão',
    },
  ];
  const active = steps.filter((s) => s.at).length - 1;
  return (
    <Timeline active={active} bulletSize={22} lineWidth={2} color="teal">
      {steps.map((s, i) => (
        <Timeline.Item
          key={s.title}
          bullet={s.icon}
          title={s.title}
          lineVariant={i >= active ? 'dashed' : 'solid'}
        >
          {s.at ? (
            <Text size="xs" c="dimmed">
              {s.by ? `${s.by} · ` : ''}
              {formatDateTime(s.at)}
            </Text>
          ) : (
            <Text size="xs" c="dimmed" fs="italic">
              {s.pending}
            </Text>
          )}
          {i === 0 && item.finance_observacao && !compact && (
            <Blockquote p="xs" mt={6} radius="md" color="gray" fz="sm" iconSize={0}>
              {item.finance_observacao}
            </Blockquote>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
