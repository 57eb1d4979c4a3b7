import { isValidCpf, osConcludeBody, textMaxLength } from '@eproto/domain';
import { Alert, Button, Checkbox, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useState } from 'react';

import type { SignatureValue } from '../../../components/signature-pad.tsx';
import { SignaturePad } from '../../../components/signature-pad.tsx';
import { StarRating } from './star-rating.tsx';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

/** What the customer gave: a signature with name and CPF, or a refusal with the reason. */
export type CustomerSignatureInput =
  | {
      recusa: false;
      nome: string;
      cpf: string;
      assinatura: SignatureValue;
      avaliacao: number | null;
      comentario: string;
    }
  | {
      recusa: true;
      nome: string;
      motivo: string;
      avaliacao: number | null;
      comentario: string;
    };

/** CPF as typed, shaped as 000.000.000-00 while typing (digits only kept). */
export function maskCpf(raw: string): string {
  const d = raw.replace(/\D/g, '').slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** The checks of the form, in Portuguese, before anything is sent. */
export function signatureProblems(v: {
  recusa: boolean;
  nome: string;
  cpf: string;
  assinatura: SignatureValue | null;
  motivo: string;
}): Partial<Record<'nome' | 'cpf' | 'assinatura' | 'motivo', string>> {
  const out: Partial<Record<'nome' | 'cpf' | 'assinatura' | 'motivo', string>> = {};
  if (v.recusa) {
    if (v.motivo.trim().length < 3) out.motivo = 'Informe o motivo da recusa.';
    return out;
  }
  if (v.nome.trim().length < 3) out.nome = 'Informe o nome de quem assina.';
  if (v.cpf.replace(/\D/g, '') === '') out.cpf = 'Informe o CPF de quem assina.';
  else if (!isValidCpf(v.cpf)) out.cpf = 'CPF inválido: confira os 11 dígitos.';
  if (!v.assinatura) out.assinatura = 'O cliente precisa assinar no quadro.';
  return out;
}

/**
 * The customer's acceptance on the phone: name, CPF (check digits), the drawn signature
 * (same ink rule as the EPI receipt), or a refusal with its reason; rating 1-5 and a comment
 * are optional.
 */
export function CustomerSignatureStep({
  onSubmit,
  submitting = false,
  serverError = null,
}: {
  onSubmit: (value: CustomerSignatureInput) => void;
  submitting?: boolean;
  serverError?: string | null;
}) {
  const [recusa, setRecusa] = useState(false);
  const [nome, setNome] = useState('');
  const [cpf, setCpf] = useState('');
  const [assinatura, setAssinatura] = useState<SignatureValue | null>(null);
  const [motivo, setMotivo] = useState('');
  const [avaliacao, setAvaliacao] = useState<number | null>(null);
  const [comentario, setComentario] = useState('');
  const [shown, setShown] = useState(false);

  const problems = signatureProblems({ recusa, nome, cpf, assinatura, motivo });
  const err = (k: keyof typeof problems) => (shown ? problems[k] : undefined);

  const submit = () => {
    setShown(true);
    if (Object.keys(problems).length > 0) return;
    const common = { avaliacao, comentario: comentario.trim() };
    if (recusa) onSubmit({ recusa: true, nome: nome.trim(), motivo: motivo.trim(), ...common });
    else if (assinatura) onSubmit({ recusa: false, nome: nome.trim(), cpf, assinatura, ...common });
  };

  return (
    <Stack gap="md" data-testid="customer-signature">
      <TextInput
        label={recusa ? 'Nome do responsável no local' : 'Nome de quem assina'}
        size="md"
        value={nome}
        maxLength={textMaxLength(osConcludeBody, 'cliente_nome')}
        autoComplete="off"
        withAsterisk={!recusa}
        onChange={(e) => setNome(e.currentTarget.value)}
        error={err('nome')}
      />
      {!recusa && (
        <>
          <TextInput
            label="CPF"
            size="md"
            inputMode="numeric"
            placeholder="000.000.000-00"
            value={cpf}
            withAsterisk
            autoComplete="off"
            onChange={(e) => setCpf(maskCpf(e.currentTarget.value))}
            error={err('cpf')}
          />
          <div>
            <SignaturePad label="Assinatura do cliente" onChange={setAssinatura} />
            {err('assinatura') && (
              <Text size="sm" c="red" mt={4}>
                {err('assinatura')}
              </Text>
            )}
          </div>
        </>
      )}
      <Checkbox
        size="md"
        label="O cliente se recusou a assinar"
        checked={recusa}
        onChange={(e) => setRecusa(e.currentTarget.checked)}
      />
      {recusa && (
        <Textarea
          label="Motivo da recusa"
          size="md"
          autosize
          minRows={2}
          withAsterisk
          maxLength={textMaxLength(osConcludeBody, 'recusa_motivo')}
          value={motivo}
          onChange={(e) => setMotivo(e.currentTarget.value)}
          error={err('motivo')}
        />
      )}
      <div>
        <Text size="sm" fw={500} mb={4}>
          Avaliação do atendimento (opcional)
        </Text>
        <StarRating label="Avaliação de 1 a 5" value={avaliacao} onChange={setAvaliacao} />
      </div>
      <Textarea
        label="Comentário do cliente (opcional)"
        size="md"
        autosize
        minRows={2}
        maxLength={textMaxLength(osConcludeBody, 'comentario')}
        value={comentario}
        onChange={(e) => setComentario(e.currentTarget.value)}
      />
      {serverError && (
        <Alert color="red" role="alert">
          {serverError}
        </Alert>
      )}
      <Button
        size="lg"
        leftSection={<IconSignature size={20} />}
        onClick={submit}
        loading={submitting}
        fullWidth
      >
        {recusa ? 'Registrar recusa' : 'Registrar assinatura'}
      </Button>
    </Stack>
  );
}
