import { Drawer, ScrollArea } from '@mantine/core';
import { useEffect, useState } from 'react';

import { Logo } from '../../components/logo.tsx';
import classes from './app-shell-layout.module.css';
import { Sidebar } from './sidebar.tsx';
import { SIDEBAR_WIDTH } from './use-sidebar-state.ts';

interface NavDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The phone menu, loaded with the first tap on the burger (app-shell-layout.tsx). It mounts
 * closed and opens on the next frame, so even that first opening slides in.
 */
export default function NavDrawer({ opened, onClose }: NavDrawerProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const id = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(id);
  }, []);
  return (
    <Drawer
      opened={opened && mounted}
      onClose={onClose}
      size={SIDEBAR_WIDTH}
      padding={0}
      title={<Logo size={26} />}
      hiddenFrom="sm"
      scrollAreaComponent={ScrollArea.Autosize}
      classNames={{ header: classes.drawerHeader }}
    >
      <Sidebar onNavigate={onClose} />
    </Drawer>
  );
}
