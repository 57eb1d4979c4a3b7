import '../../../lib/zod-locale.ts';

import type { DeliveryReason } from '@eproto/domain';
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
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

import { DateField, isValidDate } from '../../../components/date-field.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import type { SignatureValue } from '../../../components/signature-pad.tsx';
import { SignaturePad } from '../../../components/signature-pad.tsx';
import { useCreateDelivery } from '../api/create-delivery.ts';
import { useEpiItems } from '../api/get-epi-items.ts';
import { usePeople } from '../api/get-people.ts';
import { today } from './epi-labels.tsx';
import { Textarea } from '../../../components/text-fields.tsx';

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
  const people = usePeople();
  const items = useEpiItems();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const create = useCreateDelivery();
  const [person, setPerson] = useState<string | null>(null);
  const [itemId, setItemId] = useState<string | null>(null);
  const [data, setData] = useState<string | null>(today());
  const [quantidade, setQuantidade] = useState<number | null>(1);
  const [motivo, setMotivo] = useState<DeliveryReason>('admissao');
  const [observacao, setObservacao] = useState('');
  const [ack, setAck] = useState<'assinatura' | 'app'>('assinatura');
  const [signature, setSignature] = useState<SignatureValue | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setPerson(colaboradorId ? String(colaboradorId) : null);
    setItemId(null);
    setData(today());
    setQuantidade(1);
    setMotivo('admissao');
    setObservacao('');
    setAck('assinatura');
    setSignature(null);
    setError(null);
  }, [opened, colaboradorId]);

  const options = (items.data?.items ?? []).map((i) => ({
    value: String(i.id),
    label: `${i.nome} (${epiSizeShort(i.tamanho)}) — CA ${i.ca_numero} · estoque ${i.estoque}`,
    disabled: i.ca_situacao === 'vencido' || i.estoque === 0,
  }));
  const chosen = items.data?.items.find((i) => String(i.id) === itemId);

  const submit = () => {
    setError(null);
    if (!person) return setError('Escolha o colaborador.');
    if (!itemId) return setError('Escolha o EPI.');
    if (!isValidDate(data)) return setError('Informe a data da entrega.');
    if (quantidade === null || !Number.isInteger(quantidade) || quantidade < 1)
      return setError('Informe a quantidade.');
    if (ack === 'assinatura' && !signature)
      return setError(
        'Peça ao colaborador para assinar na área indicada, ou escolha a confirmação pelo aplicativo.',
      );
    create.mutate(
      {
        colaborador_id: Number(person),
        item_id: Number(itemId),
        data,
        quantidade,
        motivo,
        observacao: observacao.trim() || null,
        ...(ack === 'assinatura' && signature
          ? {
              assinatura: signature.png,
              assinatura_tracos: signature.tracos,
              assinatura_local: signature.local,
            }
          : { assinatura: null }),
      },
      { onSuccess: onClose, onError: (e) => setError(e.message) },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Entregar EPI" size="lg" fullScreen={phone}>
      <Stack gap="sm">
        <Select
          label="Colaborador"
          required
          searchable
          placeholder="Quem recebe"
          data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
          value={person}
          onChange={setPerson}
          nothingFoundMessage="Ninguém encontrado"
          // no autofocus: a searchable select opens its list on focus, over the form and,
          // on a phone, with the keyboard
        />
        <Select
          label="EPI"
          required
          searchable
          placeholder="Item do catálogo"
          data={options}
          value={itemId}
          onChange={setItemId}
          nothingFoundMessage="Nenhum EPI encontrado"
          description="Itens com CA vencido ou sem estoque não podem ser entregues."
        />
        {chosen?.ca_situacao === 'vencendo' && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={16} />} p="xs">
            O CA {chosen.ca_numero} vence em {formatDateBr(chosen.ca_validade)}.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <DateField label="Data" required maxDate={today()} value={data} onChange={setData} />
          <NumberField
            label="Quantidade"
            required
            min={1}
            max={100}
            decimals={0}
            value={quantidade}
            onChange={setQuantidade}
          />
          <Select
            label="Motivo"
            data={DELIVERY_REASONS.map((r) => ({ value: r, label: DELIVERY_REASON_LABELS[r] }))}
            value={motivo}
            onChange={(v) => v && setMotivo(v)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Textarea
          label="Observação"
          autosize
          minRows={1}
          maxLength={textMaxLength(deliveryBody, 'observacao')}
          value={observacao}
          onChange={(e) => setObservacao(e.currentTarget.value)}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Recebimento
          </Text>
          <SegmentedControl
            fullWidth
            aria-label="Forma de confirmação do recebimento"
            data={[
              { value: 'assinatura', label: 'Assinar agora' },
              { value: 'app', label: 'Pelo aplicativo' },
            ]}
            value={ack}
            onChange={(v) => setAck(v)}
          />
        </div>
        {ack === 'assinatura' ? (
          <SignaturePad label="Assinatura do colaborador" onChange={setSignature} />
        ) : (
          <Text size="sm" c="dimmed">
            O colaborador recebe um aviso e confirma o recebimento em EPI, no celular.
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            Registrar entrega
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
