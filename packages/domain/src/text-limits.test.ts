import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { agendaEntryBody } from './agenda.ts';
import { inventoryItemBody } from './inventory.ts';
import { muralCreateBody } from './murals.ts';
import { osConcludeBody } from './service-orders.ts';
import { textMaxLength } from './text-limits.ts';
import { attachmentUploadFields } from './work-items.ts';

describe('textMaxLength', () => {
  it('reads the server limit of a text field through refine, trim, nullish and transform', () => {
    expect(textMaxLength(agendaEntryBody, 'local')).toBe(200);
    expect(textMaxLength(agendaEntryBody, 'descricao')).toBe(1000);
    expect(textMaxLength(osConcludeBody, 'observacoes')).toBe(4000);
    expect(textMaxLength(osConcludeBody, 'cliente_nome')).toBe(160);
    expect(textMaxLength(muralCreateBody, 'titulo')).toBeGreaterThan(0);
    // the limit checked after cleaning the text: .transform(…).pipe(z.string().max(200))
    expect(textMaxLength(attachmentUploadFields, 'display_name')).toBe(200);
  });

  it('finds the field in the variant of a discriminated union that has it', () => {
    const nome = textMaxLength(inventoryItemBody, 'nome');
    expect(nome).toBeGreaterThan(0);
    expect(nome).toBe(textMaxLength(z.object({ nome: z.string().max(nome!) }), 'nome'));
  });

  it('answers undefined for a field that is not a text with a maximum, or absent', () => {
    expect(textMaxLength(agendaEntryBody, 'pessoas')).toBeUndefined();
    expect(textMaxLength(agendaEntryBody, 'confirmar_conflitos')).toBeUndefined();
    expect(textMaxLength(agendaEntryBody, 'nao_existe')).toBeUndefined();
    expect(textMaxLength(z.object({ livre: z.string() }), 'livre')).toBeUndefined();
  });
});
