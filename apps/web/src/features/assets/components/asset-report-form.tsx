import {
  ASSET_REPORT_MAX_PHOTOS,
  ASSET_REPORT_PHOTO_MAX_BYTES,
  assetReportFields,
  type AssetReportCreated,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, FileInput, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPhoto, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';

import { Textarea, TextInput } from '../../../components/text-fields.tsx';
import { useReportAssetProblem } from '../api/report-asset-problem.ts';

type FormIn = z.input<typeof assetReportFields>;
type FormOut = z.output<typeof assetReportFields>;
const MAX_MB = ASSET_REPORT_PHOTO_MAX_BYTES / 1_048_576;

/**
 * "Relatar problema" on an asset's public page: name, phone or e-mail, what is happening and up
 * to 3 photos. The answer is a protocol and a link to follow it.
 */
export function AssetReportForm({ codigo }: { codigo: string }) {
  const send = useReportAssetProblem();
  const [fotos, setFotos] = useState<File[]>([]);
  const [fotosError, setFotosError] = useState<string | null>(null);
  const [done, setDone] = useState<AssetReportCreated | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(assetReportFields),
    defaultValues: { nome: '', contato: '', descricao: '', site: '' },
  });
  const { errors } = form.formState;

  const pick = (files: File[]) => {
    const big = files.find((f) => f.size > ASSET_REPORT_PHOTO_MAX_BYTES);
    if (files.length > ASSET_REPORT_MAX_PHOTOS) {
      setFotosError(`No máximo ${ASSET_REPORT_MAX_PHOTOS} fotos por relato.`);
    } else if (big) {
      setFotosError(`Foto grande demais: no máximo ${MAX_MB} MB cada.`);
    } else setFotosError(null);
    setFotos(files);
  };

  const onSubmit = form.handleSubmit(async (v) => {
    if (fotosError) return;
    const answer = await send
      .mutateAsync({
        codigo,
        nome: v.nome,
        contato: v.contato,
        descricao: v.descricao,
        site: v.site ?? '',
        fotos,
      })
      .catch(() => null);
    if (answer) setDone(answer);
  });

  if (done) {
    return (
      <Alert
        color="teal"
        icon={<IconCircleCheck size={22} />}
        title="Relato enviado"
        data-testid="report-done"
      >
        <Stack gap={6}>
          <Text size="sm">
            Protocolo <strong data-testid="report-protocol">{done.protocolo}</strong>. A equipe de
            manutenção foi avisada.
          </Text>
          <Anchor component={Link} to={done.acompanhar} size="sm" fw={600}>
            Acompanhar o andamento
          </Anchor>
          <Text size="xs" c="dimmed">
            Guarde este link: é por ele que você acompanha o relato.
          </Text>
        </Stack>
      </Alert>
    );
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Relatar problema">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Relatar problema
        </Title>
        <Text size="sm" c="dimmed">
          Viu algo errado neste equipamento? Conte o que está acontecendo: a equipe de manutenção
          recebe na hora.
        </Text>
        <TextInput
          label="Seu nome"
          autoComplete="name"
          required
          maxLength={textMaxLength(assetReportFields, 'nome')}
          error={errors.nome?.message}
          {...form.register('nome')}
        />
        <TextInput
          label="Telefone ou e-mail"
          description="Para a equipe falar com você, se precisar."
          autoComplete="email"
          inputMode="email"
          required
          maxLength={textMaxLength(assetReportFields, 'contato')}
          error={errors.contato?.message}
          {...form.register('contato')}
        />
        <Textarea
          label="O que está acontecendo?"
          required
          autosize
          minRows={3}
          maxLength={textMaxLength(assetReportFields, 'descricao')}
          error={errors.descricao?.message}
          {...form.register('descricao')}
        />
        {/* Hidden from people (and screen readers); robots fill it and are refused. */}
        <div
          aria-hidden="true"
          style={{
            position: 'absolute',
            left: '-10000px',
            width: 1,
            height: 1,
            overflow: 'hidden',
          }}
        >
          <label>
            Site
            <input type="text" tabIndex={-1} autoComplete="off" {...form.register('site')} />
          </label>
        </div>
        <FileInput
          label={`Fotos (até ${ASSET_REPORT_MAX_PHOTOS}, opcional)`}
          placeholder="Tirar ou escolher fotos"
          leftSection={<IconPhoto size={18} />}
          accept="image/*"
          multiple
          clearable
          value={fotos}
          onChange={pick}
          error={fotosError}
        />
        {send.isError && (
          <Alert color="red" data-testid="report-error">
            {send.error.message}
          </Alert>
        )}
        <Button
          type="submit"
          leftSection={<IconSend size={18} />}
          loading={send.isPending}
          size="md"
        >
          Enviar relato
        </Button>
      </Stack>
    </form>
  );
}
