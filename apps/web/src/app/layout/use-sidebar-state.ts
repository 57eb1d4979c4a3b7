import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';

export const SIDEBAR_STORAGE_KEY = 'eproto-sidebar-collapsed';
export const SIDEBAR_WIDTH = 280;
export const SIDEBAR_COLLAPSED_WIDTH = 50;

/** Desktop collapse (remembered) and the phone drawer (< 768 px). */
export function useSidebarState() {
  const [collapsed, setCollapsed] = useLocalStorage<boolean>({
    key: SIDEBAR_STORAGE_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
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
