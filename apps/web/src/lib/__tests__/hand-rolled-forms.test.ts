import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Forms run on react-hook-form + zodResolver(<the domain's body schema>) (docs/development.md,
// "Number fields, in-place saves…"). These files still keep their fields in useState and check
// them by hand. The list may only shrink: a new form written that way fails here, and a form
// moved to react-hook-form must leave the list (so the number the lead reads goes down).
const STILL_HAND_ROLLED = [
  'features/auth/components/login-form.tsx',
  'features/auth/components/reset-request-form.tsx',
];

/**
 * A text, number, date or file input the user types into: a component, or a plain `<input>` or
 * `<textarea>` (not a bare file picker) such as /login's form in Mantine's own markup (2d93361).
 */
const INPUT =
  /<(TextInput|Textarea|PasswordInput|NumberField|MoneyField|DateField|DateTimeField|FileInput)\b|<textarea\b|<input\b(?![^>]*type="file")/;
/** Something is sent or submitted. */
const SENDS = /<FormModal|<form\b|onSubmit|\.mutate\(|mutateAsync\(/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sources(full);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** Components holding typed fields in useState and sending them, without react-hook-form. */
function handRolledForms(): string[] {
  const src = path.resolve(__dirname, '../..');
  return sources(src)
    .filter((f) => {
      const text = fs.readFileSync(f, 'utf8');
      return (
        !text.includes("from 'react-hook-form'") &&
        /\buseState\b/.test(text) &&
        INPUT.test(text) &&
        SENDS.test(text)
      );
    })
    .map((f) => path.relative(src, f).split(path.sep).join('/'))
    .sort();
}

describe('forms on hand-rolled validation', () => {
  it('are only the listed ones, and the list shrinks as forms move to react-hook-form', () => {
    const found = handRolledForms();
    const added = found.filter((f) => !STILL_HAND_ROLLED.includes(f));
    const moved = STILL_HAND_ROLLED.filter((f) => !found.includes(f));
    // a new form: react-hook-form + zodResolver(the domain's body), not useState
    expect(added, 'new forms on useState validation').toEqual([]);
    // a form that moved (or went away): take it off STILL_HAND_ROLLED
    expect(moved, 'no longer hand-rolled: remove from the list').toEqual([]);
    expect(found.length).toBe(STILL_HAND_ROLLED.length);
  });
});
