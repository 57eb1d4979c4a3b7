import '../../lib/zod-locale.ts';

import { historyNoteBody, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import { useForm } from 'react-hook-form';

import { useAddThreadNote } from './api/add-thread-note.ts';
import type { WorkItemRef } from './work-item-ref.ts';
import { Textarea } from '../text-fields.tsx';

/** "Anotar": a note written into the item's history, checked by the domain's historyNoteBody. */
export function ThreadNoteForm({ item }: { item: WorkItemRef }) {
  const addNote = useAddThreadNote(item);
  const form = useForm({
    resolver: zodResolver(historyNoteBody),
    defaultValues: { texto: '' },
  });
  const submit = form.handleSubmit(({ texto }) =>
    addNote.mutate(texto, { onSuccess: () => form.reset({ texto: '' }) }),
  );

  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Textarea
          aria-label="Anotação"
          count="near"
          placeholder="Registrar uma anotação no histórico"
          {...form.register('texto')}
          error={form.formState.errors.texto?.message}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={textMaxLength(historyNoteBody, 'texto')}
          flex={1}
        />
        <Button type="submit" variant="light" loading={addNote.isPending}>
          Anotar
        </Button>
      </Group>
    </form>
  );
}
