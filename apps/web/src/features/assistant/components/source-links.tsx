import type { AssistantSource, AssistantSourceKind } from '@eproto/domain';
import { Text } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChecklist,
  IconClipboardList,
  IconEyeCheck,
  IconShieldCheck,
  IconTruck,
} from '@tabler/icons-react';
import { Link } from 'react-router';

import classes from './assistant.module.css';

const ICONS: Record<AssistantSourceKind, typeof IconClipboardList> = {
  demanda: IconClipboardList,
  tarefa: IconChecklist,
  agenda: IconCalendarEvent,
  epi: IconShieldCheck,
  frota: IconTruck,
  revisao: IconEyeCheck,
};

/** "Itens usados": the demands, tasks and screens an answer drew on, as links. */
export function SourceLinks({ sources }: { sources: AssistantSource[] }) {
  if (sources.length === 0) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} mb={4}>
        Itens usados
      </Text>
      <div className={classes.sources}>
        {sources.map((s) => {
          const Icon = ICONS[s.kind];
          return (
            <Link key={`${s.kind}-${s.href}-${s.id ?? ''}`} to={s.href} className={classes.source}>
              <Icon size={14} stroke={1.8} aria-hidden />
              <span className={classes.sourceLabel}>{s.label}</span>
            </Link>
          );
        })}
      </div>
    </div>
  );
}
