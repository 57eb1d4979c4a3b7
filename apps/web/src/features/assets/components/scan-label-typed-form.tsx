import '../../../lib/zod-locale.ts';

import { assetLabelTypedFields, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import { useForm } from 'react-hook-form';

import { TextInput } from '../../../components/text-fields.tsx';

/**
 * "Digitar código" of "Ler etiqueta": the tag printed on the label (or its address pasted),
 * checked by the domain's assetLabelTypedFields. Its own module, loaded when typing starts:
 * the camera opens without zod.
 */
export default function ScanLabelTypedForm({
  looking,
  onLookup,
}: {
  looking: boolean;
  onLookup: (typed: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(assetLabelTypedFields),
    defaultValues: { etiqueta: '' },
  });
  const submit = form.handleSubmit(({ etiqueta }) => onLookup(etiqueta));

  return (
    <form
      noValidate
      aria-label="Digitar a tag da etiqueta"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(e);
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label="Tag da etiqueta"
          description="A tag impressa em negrito ao lado do QR."
          placeholder="AC-C3-301"
          maxLength={textMaxLength(assetLabelTypedFields, 'etiqueta')}
          autoCapitalize="characters"
          autoComplete="off"
          {...form.register('etiqueta')}
          error={form.formState.errors.etiqueta?.message}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={looking}>
          Abrir
        </Button>
      </Group>
    </form>
  );
}
