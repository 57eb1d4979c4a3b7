import type { ServiceType } from '@eproto/domain';
import { serviceTypeBody } from '@eproto/domain';
import { Alert, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { toastError } from '../../../lib/toast.ts';
import { saveServiceTypeSst, useServiceTypeSst } from '../../sst/api/service-type-sst.ts';
import { SstRequirementsPicker } from '../../sst/components/sst-requirements-picker.tsx';
import { useSaveServiceType } from '../api/save-service-type.ts';
import type { DraftItem } from './template-item-editor.tsx';
import { itemBody, TemplateItemEditor } from './template-item-editor.tsx';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

let seq = 0;
const newKey = () => `novo-${++seq}`;

const blankItem = (): DraftItem => ({
  key: newKey(),
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
    key: `item-${i.id}`,
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
  const [nome, setNome] = useState('');
  const [descricao, setDescricao] = useState('');
  const [ativo, setAtivo] = useState(true);
  const [mailReport, setMailReport] = useState(true);
  const [items, setItems] = useState<DraftItem[]>([]);
  const [error, setError] = useState<string | null>(null);
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
    setNome(type?.nome ?? '');
    setDescricao(type?.descricao ?? '');
    setAtivo(type?.ativo ?? true);
    setMailReport(type?.enviar_relatorio_cliente ?? true);
    setItems(draftsOf(type));
    setError(null);
    setSstTouched(false);
    setSstType(null);
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

  const move = (i: number, delta: -1 | 1) =>
    setItems((list) => {
      const next = [...list];
      const [it] = next.splice(i, 1);
      if (it) next.splice(i + delta, 0, it);
      return next;
    });

  const submit = () => {
    const body = {
      nome: nome.trim(),
      descricao: descricao.trim() || null,
      ativo,
      enviar_relatorio_cliente: mailReport,
      itens: items.map(itemBody),
    };
    const parsed = serviceTypeBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at =
        issue?.path[0] === 'itens' && typeof issue.path[1] === 'number'
          ? `Item ${issue.path[1] + 1}: `
          : '';
      setError(`${at}${issue?.message ?? 'Confira os campos.'}`);
      return;
    }
    setError(null);
    save.mutate({ id: type?.id ?? null, body }, { onSuccess: (t) => void saveSst(t.id) });
  };

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
          value={nome}
          onChange={(e) => setNome(e.currentTarget.value)}
        />
        <Textarea
          label="Descrição"
          autosize
          minRows={2}
          maxLength={1000}
          value={descricao}
          onChange={(e) => setDescricao(e.currentTarget.value)}
        />
        <Switch
          label="Ativo (aparece ao criar OS)"
          checked={ativo}
          onChange={(e) => setAtivo(e.currentTarget.checked)}
        />
        <Switch
          label="Enviar o relatório ao cliente na conclusão"
          description="Vai para o e-mail do cliente informado na OS, com o link do PDF selado."
          checked={mailReport}
          onChange={(e) => setMailReport(e.currentTarget.checked)}
        />
        <SstRequirementsPicker
          value={sstValue}
          onChange={(v) => {
            setSstTouched(true);
            setSstType(v);
          }}
        />
        <Text fw={600}>Checklist</Text>
        {items.map((item, i) => (
          <TemplateItemEditor
            key={item.key}
            index={i}
            total={items.length}
            item={item}
            onChange={(next) =>
              setItems((list) => list.map((x) => (x.key === item.key ? next : x)))
            }
            onMove={(d) => move(i, d)}
            onRemove={() => setItems((list) => list.filter((x) => x.key !== item.key))}
          />
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setItems((list) => [...list, blankItem()])}
          w="fit-content"
        >
          Adicionar item
        </Button>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
