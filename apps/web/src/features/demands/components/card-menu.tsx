import type { MuralSummary, Stage } from '@eproto/domain';
import { STAGE_LABELS, STAGES } from '@eproto/domain';
import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowRight, IconDots, IconExternalLink, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

interface Props {
  mural: MuralSummary;
  onMove?: ((mural: MuralSummary, stage: Stage) => void) | undefined;
  onEdit?: ((mural: MuralSummary) => void) | undefined;
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/**
 * The "..." of a card: open, edit, move to a stage (the keyboard- and phone-friendly way to
 * move). The Mantine menu mounts on first use only, so a board of many cards stays light.
 */
export function CardMenu({ mural: m, onMove, onEdit }: Props) {
  const [mounted, setMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const label = `Ações da demanda ${m.titulo}`;
  const trigger = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={label}
      onPointerDown={stop}
      onKeyDown={stop}
      onClick={() => {
        setMounted(true);
        setOpened((o) => !o);
      }}
    >
      <IconDots size={16} />
    </ActionIcon>
  );
  if (!mounted) return trigger;
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>{trigger}</Menu.Target>
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
  );
}
