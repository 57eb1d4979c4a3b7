import { useDisclosure, useMediaQuery } from '@mantine/hooks';

import { useStoredFlag } from '../../lib/use-stored-flag.ts';

export const SIDEBAR_STORAGE_KEY = 'eproto-sidebar-collapsed';
export const SIDEBAR_WIDTH = 280;
export const SIDEBAR_COLLAPSED_WIDTH = 50;

/** Desktop collapse (remembered) and the phone drawer (< 768 px). */
export function useSidebarState() {
  const [collapsed, setCollapsed] = useStoredFlag(SIDEBAR_STORAGE_KEY);
  const [drawerOpened, drawer] = useDisclosure(false);
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  return {
    collapsed,
    toggleCollapsed: () => setCollapsed((c) => !c),
    /** Phone width (< 768 px): the side menu is a drawer. */
    isPhone,
    drawerOpened: drawerOpened && isPhone === true,
    toggleDrawer: drawer.toggle,
    closeDrawer: drawer.close,
  };
}
