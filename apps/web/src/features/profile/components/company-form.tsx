import { formatCnpj, isValidCnpj, type CompanySettings } from '@eproto/domain';
import { Button, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';

import { useCompany, useSaveCompany } from '../api/company-settings.ts';
import { TextInput } from '../../../components/text-fields.tsx';

function Form({ company }: { company: CompanySettings | null }) {
  const save = useSaveCompany();
  const [nome, setNome] = useState(company?.nome ?? '');
  const [cnpj, setCnpj] = useState(company?.cnpj_formatado ?? '');
  const [tried, setTried] = useState(false);
  const nomeError = nome.trim().length < 2 ? 'Informe o nome da empresa.' : null;
  const cnpjError = !cnpj.trim()
    ? 'Informe o CNPJ.'
    : isValidCnpj(cnpj)
      ? null
      : 'CNPJ inválido: confira os 14 dígitos.';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (nomeError || cnpjError) return;
    save.mutate({ nome: nome.trim(), cnpj });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Dados da empresa">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Razão social"
            required
            value={nome}
            onChange={(e) => setNome(e.currentTarget.value)}
            error={tried ? nomeError : null}
            maxLength={160}
          />
          <TextInput
            label="CNPJ"
            required
            value={cnpj}
            onChange={(e) => setCnpj(e.currentTarget.value)}
            onBlur={() => isValidCnpj(cnpj) && setCnpj(formatCnpj(cnpj))}
            error={tried ? cnpjError : null}
            inputMode="numeric"
            placeholder="00.000.000/0000-00"
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Salvar empresa
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Employer name and CNPJ, printed on the ficha de EPI (ti and diretoria). */
export function CompanyForm() {
  const query = useCompany(true);
  if (query.isPending) return <Skeleton height={90} radius="md" />;
  const company = query.data?.empresa ?? null;
  return <Form key={company?.updated_at ?? 'novo'} company={company} />;
}
