import type { KeyboardEvent, ReactNode } from 'react';
import { useId } from 'react';

import classes from './plain-tabs.module.css';

export interface PlainTab<T extends string> {
  value: T;
  label: ReactNode;
}

/** The tab a key moves to from `index` of `count` (arrows loop, Home and End), or null. */
export function tabFromKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A row of tabs and the selected one's panel (only that one is rendered), as Mantine's Tabs
 * draws them (plain-tabs.module.css) with the WAI-ARIA tabs pattern: role tablist/tab/tabpanel,
 * one tab in the Tab order (the selected one), the arrows move between tabs and select the one
 * they reach (looping), Home and End go to the first and the last. On a field screen Mantine's
 * Tabs cost 3.4 KB gzip and a render of its context, styles and variables per tab (issue 33).
 */
export function PlainTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  /** Accessible name of the row (e.g. "Partes da OS"). */
  label: string;
  tabs: ReadonlyArray<PlainTab<T>>;
  value: T;
  onChange: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const base = useId();
  const tabId = (v: string) => `${base}-tab-${v}`;
  const panelId = (v: string) => `${base}-panel-${v}`;
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabFromKey(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    const list = event.currentTarget.parentElement;
    list?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
    onChange(tabs[next]!.value);
  };
  return (
    <div className={`${classes.root} mantine-Tabs-root`} data-orientation="horizontal">
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={`${classes.list} mantine-Tabs-list`}
      >
        {tabs.map((tab, index) => {
          const active = tab.value === value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={active}
              aria-controls={active ? panelId(tab.value) : undefined}
              tabIndex={active ? 0 : -1}
              data-active={active || undefined}
              className={`${classes.tab} mantine-Tabs-tab`}
              onClick={() => onChange(tab.value)}
              onKeyDown={(e) => onKeyDown(e, index)}
            >
              <span className="mantine-Tabs-tabLabel">{tab.label}</span>
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(value)}
        aria-labelledby={tabId(value)}
        className={`${classes.panel} mantine-Tabs-panel`}
      >
        {children}
      </div>
    </div>
  );
}
