import { ROUTE_ACCESS } from '@eproto/domain';
import { describe, expect, it } from 'vitest';

import { pageFor } from '../route-pages.ts';

describe('route pages', () => {
  it('gives every route of the access table its own page', () => {
    const missing = ROUTE_ACCESS.map((r) => r.path).filter((path) => !pageFor(path));
    expect(missing).toEqual([]);
  });

  it('has no page for a pattern outside the table', () => {
    expect(pageFor('/nao-existe')).toBeUndefined();
  });
});
