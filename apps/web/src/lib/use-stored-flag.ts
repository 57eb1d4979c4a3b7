import { useCallback, useState } from 'react';

/** Reads a flag kept as JSON `true`/`false` (as Mantine's useLocalStorage wrote it). */
function readFlag(key: string, fallback: boolean): boolean {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? fallback : JSON.parse(raw) === true;
  } catch {
    return fallback; // storage blocked or a value that is not JSON
  }
}

/**
 * A yes/no choice remembered on the device (localStorage, read while rendering). Mantine's
 * useLocalStorage does the same with cross-tab syncing and serializers that nothing here uses,
 * and every signed-in page paid for it with the top bar (issue 33). Same key, same stored value.
 */
export function useStoredFlag(
  key: string,
  fallback = false,
): [boolean, (next: boolean | ((current: boolean) => boolean)) => void] {
  const [value, setValue] = useState(() => readFlag(key, fallback));
  const set = useCallback(
    (next: boolean | ((current: boolean) => boolean)) =>
      setValue((current) => {
        const v = typeof next === 'function' ? next(current) : next;
        try {
          window.localStorage.setItem(key, JSON.stringify(v));
        } catch {
          // Not kept (private mode, quota): the choice still holds for this page.
        }
        return v;
      }),
    [key],
  );
  return [value, set];
}
