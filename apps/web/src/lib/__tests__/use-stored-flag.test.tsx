import '../../test/setup-dom.ts';

import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useStoredFlag } from '../use-stored-flag.ts';

beforeEach(() => localStorage.clear());

describe('useStoredFlag', () => {
  it('starts from what the device kept (as Mantine’s useLocalStorage wrote it), else the default', () => {
    localStorage.setItem('eproto-sidebar-collapsed', 'true');
    expect(renderHook(() => useStoredFlag('eproto-sidebar-collapsed')).result.current[0]).toBe(
      true,
    );
    expect(renderHook(() => useStoredFlag('nada-guardado')).result.current[0]).toBe(false);
    expect(renderHook(() => useStoredFlag('nada-guardado', true)).result.current[0]).toBe(true);
    localStorage.setItem('estragado', '{não é json');
    expect(renderHook(() => useStoredFlag('estragado')).result.current[0]).toBe(false);
  });

  it('keeps each change on the device, also a toggle from the current value', () => {
    const { result } = renderHook(() => useStoredFlag('minha-agenda-canceladas'));
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(true);
    expect(localStorage.getItem('minha-agenda-canceladas')).toBe('true');
    act(() => result.current[1]((c) => !c));
    expect(result.current[0]).toBe(false);
    expect(localStorage.getItem('minha-agenda-canceladas')).toBe('false');
  });
});
