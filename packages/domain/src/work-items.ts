import { z } from 'zod';

// What demands and tasks have alike: history entries, notes, messages and attachments. Each
// schema adds the id of its own parent (mural_id or protocol_id) to these fields.

/** A history entry: who did what, with the changed fields before and after. */
export const historyEntryFields = {
  action: z.string(),
  author_id: z.number().int().nullable(),
  author_nome: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  texto: z.string().nullable(),
  created_at: z.string(),
};

/** A note written into a history (action 'nota'). */
export const historyNoteBody = z.object({
  texto: z
    .string({ error: 'Escreva a anotação.' })
    .trim()
    .min(1, 'Escreva a anotação.')
    .max(2000, 'Anotação com no máximo 2000 caracteres.'),
});

/** A message; `mentions` are the ids of the people notified. */
export const messageFields = {
  texto: z.string(),
  author_id: z.number().int().nullable(),
  author_nome: z.string().nullable(),
  author_avatar: z.string().nullable(),
  mentions: z.array(z.number().int()),
  created_at: z.string(),
};

/** A stored attachment, downloaded at `download_url`. */
export const attachmentFields = {
  display_name: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  uploaded_by: z.number().int().nullable(),
  uploaded_by_nome: z.string().nullable(),
  created_at: z.string(),
  download_url: z.string(),
};
