import '../../../lib/zod-locale.ts';

import {
  DELIVERY_REASON_LABELS,
  DELIVERY_REASONS,
  deliveryBody,
  epiSizeShort,
  formatDateBr,
  textMaxLength,
} from '@eproto/domain';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import type { DefaultValues, Resolver } from 'react-hook-form';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

import { FormDateField, FormNumberField, FormSelect } from '../../../components/form-fields.tsx';
import type { SignatureValue } from '../../../components/signature-pad.tsx';
import { SignaturePad } from '../../../components/signature-pad.tsx';
import { useCreateDelivery } from '../api/create-delivery.ts';
import { useEpiItems } from '../api/get-epi-items.ts';
import { usePeopleOptions } from '../../../components/pickers/people.ts';
import { today } from './epi-labels.tsx';
import { Textarea } from '../../../components/text-fields.tsx';

const ACK_WAYS = ['assinatura', 'app'] as const;

/**
 * The domain's delivery body plus how the receipt is acknowledged: signed now needs the
 * signature (its strokes checked by the domain), "Pelo aplicativo" sends none.
 */
const formSchema = deliveryBody
  .extend({ ack: z.enum(ACK_WAYS) })
  .refine((v) => v.ack === 'app' || Boolean(v.assinatura), {
    path: ['assinatura'],
    message:
      'Peça ao colaborador para assinar na área indicada, ou escolha a confirmação pelo aplicativo.',
    // said with the other missing fields, not only once they are filled
    when: () => true,
  });
type FormIn = z.input<typeof formSchema>;
type FormOut = z.output<typeof formSchema>;

/** A receipt confirmed in the app carries no signature, whatever was drawn before switching. */
const resolver: Resolver<FormIn, unknown, FormOut> = (values, ctx, opts) =>
  zodResolver(formSchema)(
    values.ack === 'app'
      ? { ...values, assinatura: null, assinatura_tracos: null, assinatura_local: null }
      : values,
    ctx,
    opts,
  );

const blank = (colaboradorId?: number): DefaultValues<FormIn> => ({
  colaborador_id: colaboradorId,
  item_id: undefined,
  data: today(),
  quantidade: 1,
  motivo: 'admissao',
  observacao: '',
  ack: 'assinatura',
  assinatura: null,
  assinatura_tracos: null,
  assinatura_local: null,
});

/**
 * Hands an EPI to an employee: who, which item (expired CA or no stock cannot be chosen),
 * date, quantity, reason, and the acknowledgement — signed now on this screen or confirmed
 * later by the employee in the app.
 */
export function DeliveryModal({
  opened,
  onClose,
  colaboradorId,
}: {
  opened: boolean;
  onClose: () => void;
  colaboradorId?: number;
}) {
  const people = usePeopleOptions();
  const items = useEpiItems();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const create = useCreateDelivery();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver,
    defaultValues: blank(colaboradorId),
    // the first wrong field is a searchable select: focused, its list would cover the messages
    shouldFocusError: false,
  });
  const { control, formState } = form;
  const [ack, itemId] = useWatch({ control, name: ['ack', 'item_id'] });

  useEffect(() => {
    if (opened) form.reset(blank(colaboradorId));
  }, [opened, colaboradorId, form]);

  const options = (items.data?.items ?? []).map((i) => ({
    value: String(i.id),
    label: `${i.nome} (${epiSizeShort(i.tamanho)}) — CA ${i.ca_numero} · estoque ${i.estoque}`,
    disabled: i.ca_situacao === 'vencido' || i.estoque === 0,
  }));
  const chosen = items.data?.items.find((i) => i.id === itemId);

  const submit = form.handleSubmit(({ ack: _ack, ...body }) =>
    create.mutate(body, {
      onSuccess: onClose,
      onError: (e) => form.setError('root.server', { message: e.message }),
    }),
  );

  const onSignature = (v: SignatureValue | null) => {
    const opts = { shouldValidate: formState.isSubmitted };
    form.setValue('assinatura', v?.png ?? null, opts);
    form.setValue('assinatura_tracos', v?.tracos ?? null);
    form.setValue('assinatura_local', v?.local ?? null);
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Entregar EPI" size="lg" fullScreen={phone}>
      <Stack gap="sm">
        <FormSelect
          control={control}
          name="colaborador_id"
          numeric
          label="Colaborador"
          required
          searchable
          placeholder="Quem recebe"
          data={people.data ?? []}
          nothingFoundMessage="Ninguém encontrado"
          // no autofocus: a searchable select opens its list on focus, over the form and,
          // on a phone, with the keyboard
        />
        <FormSelect
          control={control}
          name="item_id"
          numeric
          label="EPI"
          required
          searchable
          placeholder="Item do catálogo"
          data={options}
          nothingFoundMessage="Nenhum EPI encontrado"
          description="Itens com CA vencido ou sem estoque não podem ser entregues."
        />
        {chosen?.ca_situacao === 'vencendo' && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
            O CA {chosen.ca_numero} vence em {formatDateBr(chosen.ca_validade)}.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <FormDateField control={control} name="data" label="Data" required maxDate={today()} />
          <FormNumberField
            control={control}
            name="quantidade"
            label="Quantidade"
            required
            min={1}
            max={100}
            decimals={0}
          />
          <FormSelect
            control={control}
            name="motivo"
            label="Motivo"
            data={DELIVERY_REASONS.map((r) => ({ value: r, label: DELIVERY_REASON_LABELS[r] }))}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Textarea
          {...form.register('observacao')}
          label="Observação"
          autosize
          minRows={1}
          maxLength={textMaxLength(deliveryBody, 'observacao')}
          error={formState.errors.observacao?.message}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Recebimento
          </Text>
          <Controller
            control={control}
            name="ack"
            render={({ field }) => (
              <SegmentedControl
                fullWidth
                aria-label="Forma de confirmação do recebimento"
                data={[
                  { value: 'assinatura', label: 'Assinar agora' },
                  { value: 'app', label: 'Pelo aplicativo' },
                ]}
                value={field.value}
                onChange={(v) => field.onChange(v)}
              />
            )}
          />
        </div>
        {ack === 'assinatura' ? (
          <div>
            <SignaturePad label="Assinatura do colaborador" onChange={onSignature} />
            {(formState.errors.assinatura ?? formState.errors.assinatura_tracos) && (
              <Text size="sm" c="red" mt={4} role="alert">
                {(formState.errors.assinatura ?? formState.errors.assinatura_tracos)?.message}
              </Text>
            )}
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            O colaborador recebe um aviso e confirma o recebimento em EPI, no celular.
          </Text>
        )}
        {formState.errors.root?.server && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {formState.errors.root.server.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void submit()} loading={create.isPending}>
            Registrar entrega
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
