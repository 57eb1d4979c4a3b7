import { ActionIcon, Kbd, UnstyledButton } from '@mantine/core';
import { useHotkeys, useOs } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';

import { useSession } from '../../../lib/session.ts';
import classes from './search-button.module.css';

// The panel (Spotlight and its styles) loads on first use, keeping it out of every page's JS.
const GlobalSearch = lazy(() => import('./global-search.tsx'));

/** Top bar search: a field-like button on wide screens, an icon on phones; Ctrl+K / ⌘K anywhere. */
export function SearchButton() {
  const { user } = useSession();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const mac = ['macos', 'ios'].includes(useOs());
  const open = useCallback(() => {
    setLoaded(true);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  // Also from inside a text field: Ctrl+K is the search everywhere in the app.
  useHotkeys([['mod+K', open]], []);
  const shortcut = mac ? '⌘ K' : 'Ctrl K';

  if (!user) return null;
  return (
    <>
      <UnstyledButton
        className={classes.field}
        visibleFrom="sm"
        onClick={open}
        aria-label="Buscar"
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
      >
        <IconSearch size={16} stroke={1.7} />
        <span className={classes.placeholder}>Buscar…</span>
        <Kbd size="xs">{shortcut}</Kbd>
      </UnstyledButton>
      {/* Phones only (no tooltip: a tap shows none, and it would load floating-ui with the bar). */}
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        hiddenFrom="sm"
        className={classes.icon}
        onClick={open}
        aria-label="Buscar"
      >
        <IconSearch size={20} stroke={1.7} />
      </ActionIcon>
      {loaded && (
        <Suspense fallback={null}>
          <GlobalSearch opened={opened} onClose={close} userId={user.id} />
        </Suspense>
      )}
    </>
  );
}
