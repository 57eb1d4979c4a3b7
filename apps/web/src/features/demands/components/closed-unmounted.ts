import type { ComboboxProps } from '@mantine/core';

/**
 * Combobox props of the kanban's selects: the list of options exists only while it is open.
 * Mantine keeps a closed dropdown mounted (hidden) by default, so the board, responsável and
 * contract pickers rendered every option on each render of the page — ~1,350 hidden options
 * (~150 ms of a 1,000-card board's first render at 10×: 247 boards, ~1,000 people, 100 contracts).
 */
export const CLOSED_UNMOUNTED: ComboboxProps = { keepMounted: false, withinPortal: true };
