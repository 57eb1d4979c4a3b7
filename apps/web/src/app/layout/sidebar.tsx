import { menuFor } from '@eproto/domain';
import { ScrollArea } from '@mantine/core';
import { useMemo } from 'react';
import { useLocation } from 'react-router';

import { useSession } from '../../lib/session.ts';
import { SidebarNav } from './sidebar-nav.tsx';
import { useBadgeCounts } from './use-badge-counts.ts';

interface SidebarProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** Side menu of the signed-in user with live badge counts. */
export function Sidebar({ collapsed = false, onNavigate }: SidebarProps) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const sections = useMemo(() => menuFor(user?.rawType), [user?.rawType]);
  const counts = useBadgeCounts(sections, user?.rawType);

  return (
    <ScrollArea type="hover" scrollbarSize={6} h="100%">
      <SidebarNav
        sections={sections}
        pathname={pathname}
        counts={counts}
        collapsed={collapsed}
        onNavigate={onNavigate}
      />
    </ScrollArea>
  );
}
