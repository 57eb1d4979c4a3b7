import '../../../lib/zod-locale.ts';

import {
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_URL_MAX,
  webhookCreateBody,
  type Webhook,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Fieldset, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormModal } from '../../../components/form-modal.tsx';
import { TextInput } from '../../../components/text-fields.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useSaveWebhook } from '../api/save-webhook.ts';

type FormIn = z.input<typeof webhookCreateBody>;
type FormOut = z.output<typeof webhookCreateBody>;

const EMPTY: FormIn = { url: 'https://', eventos: [], ativo: true };

/** Registers a webhook (the answer's secret goes to `onCreated`) or edits one. */
export function WebhookFormModal({
  opened,
  onClose,
  webhook,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  webhook: Webhook | null;
  onCreated: (created: { webhook: Webhook; segredo: string }) => void;
}) {
  const save = useSaveWebhook();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(webhookCreateBody),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!opened) return;
    form.reset(
      webhook ? { url: webhook.url, eventos: webhook.eventos, ativo: webhook.ativo } : EMPTY,
    );
  }, [opened, webhook, form]);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync({ id: webhook?.id ?? null, body });
      if (saved.segredo) onCreated({ webhook: saved.webhook, segredo: saved.segredo });
      else toastSuccess('Webhook salvo.');
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Não foi possível salvar.';
      const field = refusedField(error, ['url', 'eventos'] as const);
      if (field) form.setError(field, { message });
      else toastError(message);
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={webhook ? 'Editar webhook' : 'Novo webhook'}
      size="lg"
      onSubmit={onSubmit}
      submitLabel={webhook ? 'Salvar' : 'Cadastrar'}
      loading={save.isPending}
    >
      <TextInput
        label="Endereço (URL)"
        description="Recebe um POST JSON assinado a cada evento escolhido. Use https://."
        required
        inputMode="url"
        autoComplete="off"
        maxLength={WEBHOOK_URL_MAX}
        count="never"
        error={errors.url?.message}
        {...form.register('url')}
      />
      <Controller
        control={form.control}
        name="eventos"
        render={({ field }) => (
          <Checkbox.Group
            label="Eventos"
            description="Escolha ao menos um."
            value={field.value}
            onChange={(v) => field.onChange(v)}
            error={errors.eventos?.message}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
              {WEBHOOK_EVENT_GROUPS.map((g) => (
                <Fieldset key={g.area} legend={g.area} variant="filled" p="sm">
                  <Stack gap="xs">
                    {g.eventos.map((e) => (
                      <Checkbox
                        key={e}
                        value={e}
                        label={WEBHOOK_EVENT_LABELS[e]}
                        description={
                          <Text span size="xs" ff="monospace">
                            {e}
                          </Text>
                        }
                      />
                    ))}
                  </Stack>
                </Fieldset>
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
      />
      <Controller
        control={form.control}
        name="ativo"
        render={({ field }) => (
          <Switch
            label="Ativo (recebe eventos)"
            checked={field.value ?? true}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
    </FormModal>
  );
}
