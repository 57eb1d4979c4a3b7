import '../../../lib/zod-locale.ts';

import { formatCpf, osConcludeBody, textMaxLength, type OsConcludeBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import {
  Controller,
  useForm,
  useWatch,
  type FieldError,
  type Resolver,
  type ResolverResult,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

import type { SignatureValue } from '../../../components/signature-pad.tsx';
import { SignaturePad } from '../../../components/signature-pad.tsx';
import { StarRating } from './star-rating.tsx';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

/**
 * What the technician fills in at the check-out: the fields of the domain's osConcludeBody as
 * typed (the drawn signature whole, a refusal as a tick), less what the phone adds on sending
 * (position, device time).
 */
export interface ConcludeValues {
  recusa: boolean;
  cliente_nome: string;
  cliente_cpf: string;
  assinatura: SignatureValue | null;
  recusa_motivo: string;
  avaliacao: number | null;
  comentario: string;
  observacoes: string;
}
/** The body as osConcludeBody reads it (CPF digits, blank texts as null). */
export type ConcludeOut = z.output<typeof osConcludeBody>;
export type ConcludeForm = UseFormReturn<ConcludeValues, unknown, ConcludeOut>;

const BLANK: ConcludeValues = {
  recusa: false,
  cliente_nome: '',
  cliente_cpf: '',
  assinatura: null,
  recusa_motivo: '',
  avaliacao: null,
  comentario: '',
  observacoes: '',
};

/** CPF as typed, shaped as 000.000.000-00 while typing (digits only kept). */
export function maskCpf(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** The body of what was chosen: a refusal is checked and sent without CPF and signature. */
function toBody(v: ConcludeValues): OsConcludeBody {
  const common = {
    cliente_nome: v.cliente_nome,
    avaliacao: v.avaliacao,
    comentario: v.comentario,
    observacoes: v.observacoes,
  };
  if (v.recusa) return { tipo: 'recusada', recusa_motivo: v.recusa_motivo, ...common };
  return {
    tipo: 'assinada',
    cliente_cpf: v.cliente_cpf,
    assinatura: v.assinatura?.png ?? null,
    assinatura_tracos: v.assinatura?.tracos ?? null,
    assinatura_local: v.assinatura?.local ?? null,
    ...common,
  };
}

const check = zodResolver(osConcludeBody);
/** osConcludeBody on the chosen body; the strokes' and place's messages show at the pad. */
const resolver: Resolver<ConcludeValues, unknown, ConcludeOut> = async (values, ctx, opts) => {
  const r = (await check(toBody(values), ctx, opts as never)) as ResolverResult<
    ConcludeValues,
    ConcludeOut
  >;
  const errors = r.errors as Record<string, FieldError | undefined>;
  const pad = errors.assinatura ?? errors.assinatura_tracos ?? errors.assinatura_local;
  if (pad) errors.assinatura = pad;
  return r;
};

/** The conclusion's form (observations and the customer's acceptance) on osConcludeBody. */
export function useConcludeForm(): ConcludeForm {
  return useForm<ConcludeValues, unknown, ConcludeOut>({ resolver, defaultValues: BLANK });
}

/** The checked body as sent: the CPF as typed (000.000.000-00), shown so while it waits offline. */
export function concludePayload(b: ConcludeOut): ConcludeOut {
  return b.cliente_cpf ? { ...b, cliente_cpf: formatCpf(b.cliente_cpf) } : b;
}

/**
 * The customer's acceptance on the phone: name, CPF (check digits), the drawn signature
 * (same ink rule as the EPI receipt), or a refusal with its reason; rating 1-5 and a comment
 * are optional. The form (`useConcludeForm`) belongs to the conclusion, which adds its
 * observations.
 */
export function CustomerSignatureStep({
  form,
  onSubmit,
  submitting = false,
}: {
  form: ConcludeForm;
  onSubmit: () => void;
  submitting?: boolean;
}) {
  const { control, register, formState } = form;
  const { errors } = formState;
  const recusa = useWatch({ control, name: 'recusa' });
  const serverError = errors.root?.server?.message;

  return (
    <Stack gap="md" data-testid="customer-signature">
      <TextInput
        label={recusa ? 'Nome do responsável no local' : 'Nome de quem assina'}
        size="md"
        maxLength={textMaxLength(osConcludeBody, 'cliente_nome')}
        autoComplete="off"
        withAsterisk={!recusa}
        {...register('cliente_nome')}
        error={errors.cliente_nome?.message}
      />
      {!recusa && (
        <>
          <Controller
            control={control}
            name="cliente_cpf"
            render={({ field, fieldState }) => (
              <TextInput
                label="CPF"
                size="md"
                inputMode="numeric"
                placeholder="000.000.000-00"
                withAsterisk
                autoComplete="off"
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => field.onChange(maskCpf(e.currentTarget.value))}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="assinatura"
            render={({ field, fieldState }) => (
              <div>
                <SignaturePad label="Assinatura do cliente" onChange={field.onChange} />
                {fieldState.error?.message && (
                  <Text size="sm" c="red" mt={4}>
                    {fieldState.error.message}
                  </Text>
                )}
              </div>
            )}
          />
        </>
      )}
      <Controller
        control={control}
        name="recusa"
        render={({ field }) => (
          <Checkbox
            size="md"
            label="O cliente se recusou a assinar"
            ref={field.ref}
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
          />
        )}
      />
      {recusa && (
        <Textarea
          label="Motivo da recusa"
          size="md"
          autosize
          minRows={2}
          withAsterisk
          maxLength={textMaxLength(osConcludeBody, 'recusa_motivo')}
          {...register('recusa_motivo')}
          error={errors.recusa_motivo?.message}
        />
      )}
      <div>
        <Text size="sm" fw={500} mb={4}>
          Avaliação do atendimento (opcional)
        </Text>
        <Controller
          control={control}
          name="avaliacao"
          render={({ field }) => (
            <StarRating label="Avaliação de 1 a 5" value={field.value} onChange={field.onChange} />
          )}
        />
      </div>
      <Textarea
        label="Comentário do cliente (opcional)"
        size="md"
        autosize
        minRows={2}
        maxLength={textMaxLength(osConcludeBody, 'comentario')}
        {...register('comentario')}
        error={errors.comentario?.message}
      />
      {serverError && (
        <Alert color="red" role="alert">
          {serverError}
        </Alert>
      )}
      <Button
        size="lg"
        leftSection={<IconSignature size={20} />}
        onClick={onSubmit}
        loading={submitting}
        fullWidth
      >
        {recusa ? 'Registrar recusa' : 'Registrar assinatura'}
      </Button>
    </Stack>
  );
}
