import type { BadgeKey, MenuItem, MenuSection } from '@eproto/domain';
import { badgeText } from '@eproto/domain';
import { Badge, Divider, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';

import { routeIcon } from '../../components/route-icon.tsx';
import { activeMenuPath, visibleSections } from './menu-active.ts';
import classes from './sidebar.module.css';

export type BadgeCounts = Partial<Record<BadgeKey, number>>;

interface SidebarNavProps {
  sections: MenuSection[];
  pathname: string;
  counts: BadgeCounts;
  /** 50 px mode: icons only, labels in tooltips. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

function ItemBadge({ text }: { text: string }) {
  if (text === '') return null;
  return (
    <Badge size="sm" color="red" variant="filled" radius="xl" className={classes.badge}>
      {text}
    </Badge>
  );
}

/** Side menu from menuFor(): collapsible sections, active item, chat/review badges. */
export function SidebarNav({ sections, pathname, counts, collapsed, onNavigate }: SidebarNavProps) {
  const shown = visibleSections(sections);
  const active = activeMenuPath(shown, pathname);
  const badgeOf = (item: MenuItem) => (item.badge ? badgeText(counts[item.badge] ?? 0) : '');

  if (shown.length === 0) {
    return collapsed ? null : (
      <Text size="sm" c="dimmed" p="md" className={classes.empty}>
        Nenhum atalho no menu para o seu perfil por enquanto.
      </Text>
    );
  }

  const renderItem = (item: MenuItem) => {
    const ItemIcon = routeIcon(item.path);
    const badge = badgeOf(item);
    if (collapsed) {
      return (
        <Tooltip
          key={item.path}
          label={badge ? `${item.label} (${badge})` : item.label}
          position="right"
        >
          <Link
            to={item.path}
            className={classes.miniLink}
            data-active={item.path === active || undefined}
            aria-label={item.label}
            aria-current={item.path === active ? 'page' : undefined}
            onClick={onNavigate}
          >
            <ItemIcon size={20} stroke={1.7} />
            {badge && <span className={classes.miniBadge}>{badge}</span>}
          </Link>
        </Tooltip>
      );
    }
    return (
      <NavLink
        key={item.path}
        component={Link}
        to={item.path}
        label={item.label}
        active={item.path === active}
        aria-current={item.path === active ? 'page' : undefined}
        leftSection={<ItemIcon size={19} stroke={1.7} />}
        rightSection={<ItemBadge text={badge} />}
        className={classes.link}
        onClick={onNavigate}
      />
    );
  };

  if (collapsed) {
    return (
      <Stack gap={4} align="center" py="sm" component="nav" aria-label="Menu principal">
        {shown.map((section, i) => (
          <Stack key={section.title} gap={4} align="center">
            {i > 0 && <Divider w={28} my={4} />}
            {section.items.map(renderItem)}
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <nav aria-label="Menu principal" className={classes.nav}>
      {shown.map((section) => {
        const single = section.items.length === 1 && section.items[0]?.label === section.title;
        if (single) return <div key={section.title}>{section.items.map(renderItem)}</div>;
        return (
          <NavLink
            key={section.title}
            label={section.title}
            defaultOpened
            childrenOffset={0}
            className={classes.section}
            rightSection={<IconChevronRight size={14} className={classes.chevron} />}
          >
            {section.items.map(renderItem)}
          </NavLink>
        );
      })}
    </nav>
  );
}
