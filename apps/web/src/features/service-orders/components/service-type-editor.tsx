import '../../../lib/zod-locale.ts';

import type { ServiceType } from '@eproto/domain';
import { serviceTypeBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

import { FormSwitch } from '../../../components/form-fields.tsx';
import { toastError } from '../../../lib/toast.ts';
import { saveServiceTypeSst, useServiceTypeSst } from '../../sst/api/service-type-sst.ts';
import { SstRequirementsPicker } from '../../sst/components/sst-requirements-picker.tsx';
import { useSaveServiceType } from '../api/save-service-type.ts';
import type { DraftItem, ServiceTypeValues } from './template-item-editor.tsx';
import { itemBody, TemplateItemEditor } from './template-item-editor.tsx';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

const blankItem = (): DraftItem => ({
  titulo: '',
  tipo: 'sim_nao',
  obrigatorio: true,
  ajuda: '',
  unidade: '',
  minimo: null,
  maximo: null,
  opcoes: [],
  fotos_minimas: null,
});

function draftsOf(t: ServiceType | null): DraftItem[] {
  if (!t) return [blankItem()];
  return t.itens.map((i) => ({
    titulo: i.titulo,
    tipo: i.tipo,
    obrigatorio: i.obrigatorio,
    ajuda: i.ajuda ?? '',
    unidade: i.unidade ?? '',
    minimo: i.minimo,
    maximo: i.maximo,
    opcoes: i.opcoes,
    fotos_minimas: i.fotos_minimas,
  }));
}

const valuesOf = (t: ServiceType | null): ServiceTypeValues => ({
  nome: t?.nome ?? '',
  descricao: t?.descricao ?? '',
  ativo: t?.ativo ?? true,
  enviar_relatorio_cliente: t?.enviar_relatorio_cliente ?? true,
  itens: draftsOf(t),
});

type Body = z.output<typeof serviceTypeBody>;

/**
 * The domain's serviceTypeBody checks what would be sent: text trimmed, and of each item only
 * the settings of its type (itemBody). Its messages land on the fields (itens.N.maximo...).
 */
const resolver: Resolver<ServiceTypeValues, unknown, Body> = (v, ctx, opts) =>
  zodResolver(serviceTypeBody)(
    {
      nome: v.nome.trim(),
      descricao: v.descricao.trim() || null,
      ativo: v.ativo,
      enviar_relatorio_cliente: v.enviar_relatorio_cliente,
      itens: v.itens.map(itemBody),
    },
    ctx,
    opts as never,
  ) as ReturnType<Resolver<ServiceTypeValues, unknown, Body>>;

/**
 * Creates or edits a service type and its checklist template. Saving changed items makes a
 * new version: OSs already created keep the version they started with.
 */
export function ServiceTypeEditor({
  opened,
  type,
  onClose,
}: {
  opened: boolean;
  type: ServiceType | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const save = useSaveServiceType();
  const form = useForm<ServiceTypeValues, unknown, Body>({
    resolver,
    defaultValues: valuesOf(type),
  });
  const { control } = form;
  const items = useFieldArray({ control, name: 'itens' });
  const last = useRef<number | null | undefined>(undefined);
  const queryClient = useQueryClient();
  const sst = useServiceTypeSst(opened ? (type?.id ?? null) : null);
  const savedSst = sst.data?.tipo_atividade ? String(sst.data.tipo_atividade.id) : null;
  const [sstType, setSstType] = useState<string | null>(null);
  const [sstTouched, setSstTouched] = useState(false);
  const sstValue = sstTouched ? sstType : savedSst;

  useEffect(() => {
    if (!opened) {
      last.current = undefined;
      return;
    }
    const id = type?.id ?? null;
    if (last.current === id) return;
    last.current = id;
    form.reset(valuesOf(type));
    setSstTouched(false);
    setSstType(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per opening and type
  }, [opened, type]);

  /** The SST requirements are saved after the type (a new type needs its id first). */
  const saveSst = async (id: number) => {
    if (sstValue !== savedSst || (type === null && sstValue !== null)) {
      try {
        await saveServiceTypeSst(id, sstValue ? Number(sstValue) : null);
        await queryClient.invalidateQueries({ queryKey: ['sst'] });
      } catch (e) {
        toastError(`Requisitos de SST não salvos: ${(e as Error).message}`);
        return;
      }
    }
    onClose();
  };

  const submit = form.handleSubmit((body) =>
    save.mutate({ id: type?.id ?? null, body }, { onSuccess: (t) => void saveSst(t.id) }),
  );
  // The checklist's own message (none, or more than 100 items), under its list.
  const { errors } = form.formState;
  const listError = errors.itens?.root?.message ?? errors.itens?.message;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={type ? `Editar ${type.nome}` : 'Novo tipo de serviço'}
      size="xl"
      fullScreen={phone}
    >
      <Stack gap="sm">
        {type && (
          <Text size="sm" c="dimmed">
            Versão {type.versao}. Mudar os itens cria a versão {type.versao + 1}; as OSs já criadas
            continuam com a versão delas.
          </Text>
        )}
        <TextInput
          label="Nome"
          withAsterisk
          maxLength={120}
          {...form.register('nome')}
          error={errors.nome?.message}
        />
        <Textarea
          label="Descrição"
          autosize
          minRows={2}
          maxLength={1000}
          {...form.register('descricao')}
          error={errors.descricao?.message}
        />
        <FormSwitch control={control} name="ativo" label="Ativo (aparece ao criar OS)" />
        <FormSwitch
          control={control}
          name="enviar_relatorio_cliente"
          label="Enviar o relatório ao cliente na conclusão"
          description="Vai para o e-mail do cliente informado na OS, com o link do PDF selado."
        />
        <SstRequirementsPicker
          value={sstValue}
          onChange={(v) => {
            setSstTouched(true);
            setSstType(v);
          }}
        />
        <Text fw={600}>Checklist</Text>
        {items.fields.map((item, i) => (
          <TemplateItemEditor
            key={item.id}
            control={control}
            index={i}
            total={items.fields.length}
            onMove={(d) => items.move(i, i + d)}
            onRemove={() => items.remove(i)}
          />
        ))}
        {listError && (
          <Alert color="red" role="alert">
            {listError}
          </Alert>
        )}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => items.append(blankItem())}
          w="fit-content"
        >
          Adicionar item
        </Button>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void submit()} loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
