// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { keepSuccess } from '../query-persistence.ts';

function queryWith(queryKey: unknown[], data: unknown) {
  const client = new QueryClient();
  client.setQueryData(queryKey, data);
  return client.getQueryCache().find({ queryKey })!;
}

describe('what the device keeps offline', () => {
  it('keeps the signed-in person but never "nobody signed in"', () => {
    expect(keepSuccess(queryWith(['session'], { id: 7, nome: 'Ana' }))).toBe(true);
    expect(keepSuccess(queryWith(['session'], null))).toBe(false);
  });

  it('keeps the answers of the kept areas only', () => {
    expect(keepSuccess(queryWith(['agenda', 'minha'], { items: [] }))).toBe(true);
    expect(keepSuccess(queryWith(['users', 'list'], { items: [] }))).toBe(false);
  });
});
