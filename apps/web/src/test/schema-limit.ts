import { textMaxLength } from '@eproto/domain';
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * The field labelled `label` stops at its domain schema's limit: its `maxLength` is the
 * schema's `.max()` of `key` (a form with its own number, or none, fails here).
 */
export function expectSchemaLimit(label: RegExp, schema: z.ZodType, key: string) {
  const max = textMaxLength(schema, key);
  expect(max, `${key}: a text with a maximum in its schema`).toBeTypeOf('number');
  const field = screen.getByRole<HTMLInputElement>('textbox', { name: label });
  expect(field.maxLength, `${String(label)} takes at most ${max}`).toBe(max);
}
