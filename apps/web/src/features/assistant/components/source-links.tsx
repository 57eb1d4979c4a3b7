import type { AssistantSource, AssistantSourceKind } from '@eproto/domain';
import { Button, Text } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChecklist,
  IconClipboardList,
  IconEyeCheck,
  IconShieldCheck,
  IconTruck,
} from '@tabler/icons-react';
import { useState } from 'react';
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

const MAX_SHOWN = 6;

/** "Itens usados": the demands, tasks and screens an answer drew on, as links. */
export function SourceLinks({ sources }: { sources: AssistantSource[] }) {
  const [all, setAll] = useState(false);
  if (sources.length === 0) return null;
  const shown = all ? sources : sources.slice(0, MAX_SHOWN);
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} mb={4}>
        Itens usados
      </Text>
      <div className={classes.sources}>
        {shown.map((s) => {
          const Icon = ICONS[s.kind];
          return (
            <Link key={`${s.kind}-${s.href}-${s.id ?? ''}`} to={s.href} className={classes.source}>
              <Icon size={14} stroke={1.8} aria-hidden />
              <span className={classes.sourceLabel}>{s.label}</span>
            </Link>
          );
        })}
        {shown.length < sources.length && (
          <Button variant="subtle" size="compact-xs" radius="xl" onClick={() => setAll(true)}>
            +{sources.length - shown.length} itens
          </Button>
        )}
      </div>
    </div>
  );
}
