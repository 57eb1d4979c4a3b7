import type { TooltipProps } from '@mantine/core';
import type { FocusEvent, MouseEvent, ReactElement } from 'react';
import { cloneElement, lazy, Suspense, useState } from 'react';

// Mantine's Tooltip brings floating-ui (~21 KB gzip): downloaded when a tooltip is first wanted.
const Tooltip = lazy(() => import('./hint-tooltip-chunk.tsx'));

type Target = ReactElement<{
  onMouseEnter?: (event: MouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
}>;

/**
 * A tooltip for a badge or icon whose text is a detail (the full status of an EPI delivery, a
 * CA's validity, what an agenda conflict is about). Until the pointer or the focus first reaches
 * the target, only the target renders: a field screen does not load floating-ui to paint, and a
 * phone that never hovers never downloads it (issue 33, scripts/check-bundle.mjs). Then the
 * tooltip loads and opens at once; from there on it is Mantine's Tooltip as usual.
 */
export function HintTooltip({
  children,
  ...props
}: Omit<TooltipProps, 'children' | 'defaultOpened' | 'opened'> & { children: Target }) {
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    const own = children.props;
    return cloneElement(children, {
      onMouseEnter: (event: MouseEvent) => {
        own.onMouseEnter?.(event);
        setWanted(true);
      },
      onFocus: (event: FocusEvent) => {
        own.onFocus?.(event);
        setWanted(true);
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <Tooltip {...props} defaultOpened>
        {children}
      </Tooltip>
    </Suspense>
  );
}
