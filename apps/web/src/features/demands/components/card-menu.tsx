import type { MuralSummary, Stage } from '@eproto/domain';
import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// Mantine's Menu (~8 KB gzip) loads with the first tap on a card's "...": the board paints
// without it (issue 33).
const CardMenuDropdown = lazy(() => import('./card-menu-dropdown.tsx'));

interface Props {
  mural: MuralSummary;
  onMove?: ((mural: MuralSummary, stage: Stage) => void) | undefined;
  onEdit?: ((mural: MuralSummary) => void) | undefined;
}

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/**
 * The "..." of a card: open, edit, move to a stage (the keyboard- and phone-friendly way to
 * move). The menu mounts on first use only, so a board of many cards stays light.
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
    <Suspense fallback={trigger}>
      <CardMenuDropdown
        mural={m}
        trigger={trigger}
        opened={opened}
        onChange={setOpened}
        onMove={onMove}
        onEdit={onEdit}
      />
    </Suspense>
  );
}
