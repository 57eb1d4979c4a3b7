import { z } from 'zod';

/**
 * A file field's schema for a form (bound with `FormFileField`): a file must be chosen, its name
 * must end in one of `extensions`, and it may be no larger than `maxBytes` (the server's own
 * limit). Each message is Portuguese and shows under the field.
 */
export function chosenFile({
  extensions,
  maxBytes,
  missing,
  wrongType,
  tooLarge = `Arquivo grande demais: o limite é ${(maxBytes ?? 0) / 1_048_576} MB.`,
}: {
  extensions: readonly string[];
  maxBytes?: number;
  /** Nothing chosen. */
  missing: string;
  /** A file of another kind. */
  wrongType: string;
  tooLarge?: string;
}) {
  const named = new RegExp(`\\.(${extensions.join('|')})$`, 'i');
  return z
    .custom<File>((v) => v instanceof File, missing)
    .refine((f) => named.test(f.name), wrongType)
    .refine((f) => maxBytes === undefined || f.size <= maxBytes, tooLarge);
}
