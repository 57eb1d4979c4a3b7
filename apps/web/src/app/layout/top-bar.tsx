import { Burger, Group } from '@mantine/core';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { FocusEvent, PointerEvent } from 'react';
import { Link } from 'react-router';

import { Logo } from '../../components/logo.tsx';
import { BellButton } from '../../features/notifications/components/bell-button.tsx';
import { SearchButton } from '../../features/search/components/search-button.tsx';
import type * as TopBarActions from './top-bar-actions.tsx';
import classes from './top-bar.module.css';
import { CollapseButton, ThemeButton, UserButton } from './top-bar-buttons.tsx';

interface TopBarProps {
  drawerOpened: boolean;
  onBurger: () => void;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
}

type Actions = typeof TopBarActions;
/** What was tapped before the popover/menu code arrived: it opens once it is there. */
type Wanted = 'bell' | 'user' | null;

let actionsModule: Actions | null = null;
const loadActions = () =>
  import('./top-bar-actions.tsx').then((m) => {
    actionsModule = m;
    return m;
  });

/**
 * The tooltips, the notifications popover and the account menu (floating-ui and the panels) are
 * not needed to paint the bar: it starts with the same buttons bare (top-bar-buttons.tsx) and
 * swaps them for the full ones when the mouse enters the bar, a key focuses it, or a button is
 * tapped (that tap then opens its popover or menu). Keeps a fresh tab's JS small (bench/os-phone.ts).
 */
function useTopBarActions() {
  const [actions, setActions] = useState<Actions | null>(actionsModule);
  const [wanted, setWanted] = useState<Wanted>(null);
  const bar = useRef<HTMLDivElement>(null);
  const focusAfterSwap = useRef<string | null>(null);
  const pressed = useRef(false);

  const load = useCallback(() => {
    if (actionsModule) return;
    loadActions()
      .then((m) => {
        const swap = () => {
          const focused = document.activeElement;
          if (focused instanceof HTMLElement && bar.current?.contains(focused))
            focusAfterSwap.current = focused.getAttribute('aria-label');
          setActions(m);
        };
        // A swap between a button's press and its click would swallow the click.
        if (pressed.current)
          window.addEventListener('click', () => setTimeout(swap), { once: true });
        else swap();
      })
      .catch(() => undefined);
  }, []);

  // The focused button is replaced by its full version: keyboard focus stays on it.
  useLayoutEffect(() => {
    const label = focusAfterSwap.current;
    if (!actions || !label) return;
    focusAfterSwap.current = null;
    const buttons = bar.current?.querySelectorAll<HTMLElement>('[aria-label]') ?? [];
    [...buttons].find((b) => b.getAttribute('aria-label') === label)?.focus();
  }, [actions]);

  const want = (what: Exclude<Wanted, null>) => {
    setWanted(what);
    load();
  };

  const barEvents = {
    ref: bar,
    onPointerOver: (e: PointerEvent) => {
      if (e.pointerType === 'mouse') load();
    },
    onPointerDown: () => {
      pressed.current = true;
      window.addEventListener('pointerup', () => (pressed.current = false), { once: true });
    },
    onFocus: (_e: FocusEvent) => load(),
  };
  return { actions, wanted, want, barEvents };
}

/** 48 px bar: menu toggles, logo (to /ai/assistente), search (Ctrl+K), theme, bell and user menu. */
export function TopBar({ drawerOpened, onBurger, sidebarCollapsed, onToggleSidebar }: TopBarProps) {
  const { actions, wanted, want, barEvents } = useTopBarActions();
  return (
    <Group
      h="100%"
      px={{ base: 8, sm: 12 }}
      gap={6}
      wrap="nowrap"
      className={classes.bar}
      {...barEvents}
    >
      <Burger
        opened={drawerOpened}
        onClick={onBurger}
        hiddenFrom="sm"
        size="sm"
        aria-label={drawerOpened ? 'Fechar menu' : 'Abrir menu'}
      />
      {actions ? (
        <actions.CollapseToggle collapsed={sidebarCollapsed} onToggle={onToggleSidebar} />
      ) : (
        <CollapseButton collapsed={sidebarCollapsed} onClick={onToggleSidebar} />
      )}
      <Link to="/ai/assistente" className={classes.logo} aria-label="E-Proto — Assistente">
        <Logo size={26} />
      </Link>
      <div className={classes.spacer} />
      <SearchButton />
      {actions ? <actions.ThemeToggle /> : <ThemeButton />}
      {actions ? (
        <actions.NotificationBell defaultOpened={wanted === 'bell'} />
      ) : (
        <BellButton onClick={() => want('bell')} />
      )}
      {actions ? (
        <actions.UserMenu defaultOpened={wanted === 'user'} />
      ) : (
        <UserButton onClick={() => want('user')} />
      )}
    </Group>
  );
}
