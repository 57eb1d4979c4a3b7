import type { MuralSummary, Stage } from '@eproto/domain';
import { STAGE_LABELS, STAGES } from '@eproto/domain';
import { Menu } from '@mantine/core';
import { IconArrowRight, IconExternalLink, IconPencil } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router';

/** The menu of a card's "...", loaded at the first tap on it (card-menu.tsx). */
export default function CardMenuDropdown({
  mural: m,
  trigger,
  opened,
  onChange,
  onMove,
  onEdit,
}: {
  mural: MuralSummary;
  trigger: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
  onMove?: ((mural: MuralSummary, stage: Stage) => void) | undefined;
  onEdit?: ((mural: MuralSummary) => void) | undefined;
}) {
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
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
