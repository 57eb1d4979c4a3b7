import { ActionIcon, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';

import { useSession } from '../../../lib/session.ts';
import classes from './search-button.module.css';

// The panel (Spotlight and its styles) loads on first use, keeping it out of every page's JS.
const GlobalSearch = lazy(() => import('./global-search.tsx'));

/** Apple keyboards show ⌘ where the others show Ctrl. */
const isApple = () => /Mac|iPhone|iPad|iPod/.test(navigator.userAgent);

/**
 * Ctrl+K (⌘K on a Mac) anywhere, also from inside a text field. A plain listener rather than
 * Mantine's useHotkeys and useOs, which every signed-in page would load with the top bar
 * (issue 33: ~1.3 KB gzip on each field route).
 */
function isSearchShortcut(e: KeyboardEvent): boolean {
  return (
    (e.ctrlKey || e.metaKey) &&
    !e.altKey &&
    !e.shiftKey &&
    (e.key.toLowerCase() === 'k' || e.code === 'KeyK')
  );
}

/** Top bar search: a field-like button on wide screens, an icon on phones; Ctrl+K / ⌘K anywhere. */
export function SearchButton() {
  const { user } = useSession();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [mac] = useState(isApple);
  const open = useCallback(() => {
    setLoaded(true);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      open();
    };
    document.documentElement.addEventListener('keydown', onKey);
    return () => document.documentElement.removeEventListener('keydown', onKey);
  }, [open]);
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
        <kbd className={classes.kbd}>{shortcut}</kbd>
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
