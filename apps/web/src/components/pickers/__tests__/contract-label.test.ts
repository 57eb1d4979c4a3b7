import { describe, expect, it } from 'vitest';

import { contractLabel, contractOption } from '../contract-label.ts';

// Issue 32: the pickers named a contract three ways ("código — nome", "código · nome", the name
// alone); every picker and contract line now takes its name from contractLabel.
describe('contractLabel', () => {
  it('names a contract "<código> — <nome>"', () => {
    expect(contractLabel({ codigo: 'CT-014', nome: 'Hospital São Lucas' })).toBe(
      'CT-014 — Hospital São Lucas',
    );
  });

  it('gives a select option with the id as text and that label', () => {
    expect(contractOption({ id: 14, codigo: 'CT-014', nome: 'Hospital São Lucas' })).toEqual({
      value: '14',
      label: 'CT-014 — Hospital São Lucas',
    });
  });
});
