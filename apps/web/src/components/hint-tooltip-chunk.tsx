import { Tooltip, type TooltipProps } from '@mantine/core';

/** Mantine's Tooltip as the default export of its own chunk (hint-tooltip.tsx loads it). */
export default function HintTooltipChunk(props: TooltipProps) {
  return <Tooltip {...props} />;
}
