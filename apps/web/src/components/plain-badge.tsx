import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from 'react';

import classes from './plain-badge.module.css';

/**
 * A status badge as Mantine's `<Badge variant="light">` draws it, in plain markup: for a list
 * that shows one per row on a field screen (Minha agenda, Meus EPIs), where Mantine's Badge
 * costs its Box, style and colour resolvers at every row (issue 33). Same static classes for
 * global.css (`mantine-Badge-root`, `mantine-Badge-label`); handlers and ref reach the span, so
 * HintTooltip can wrap it.
 */
export function PlainBadge({
  color,
  size = 'md',
  radius = 'sm',
  children,
  ref,
  ...rest
}: Omit<HTMLAttributes<HTMLSpanElement>, 'color'> & {
  /** A Mantine palette colour: blue, teal, orange... */
  color: string;
  size?: 'sm' | 'md';
  /** 'sm' as `radius="sm"`; 'xl' as Mantine's default, a pill. */
  radius?: 'sm' | 'xl';
  children: ReactNode;
  ref?: Ref<HTMLSpanElement>;
  'data-testid'?: string;
}) {
  const style = {
    '--badge-bg': `var(--mantine-color-${color}-light)`,
    '--badge-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  return (
    <span
      {...rest}
      ref={ref}
      className={`${classes.badge} mantine-Badge-root`}
      data-size={size}
      data-radius={radius}
      style={style}
    >
      <span className={`${classes.label} mantine-Badge-label`}>{children}</span>
    </span>
  );
}
