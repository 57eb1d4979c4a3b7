import '../../../lib/zod-locale.ts';

import {
  companySettingsBody,
  formatCnpj,
  isValidCnpj,
  textMaxLength,
  type CompanySettings,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';

import { useCompany, useSaveCompany } from '../api/company-settings.ts';
import { TextInput } from '../../../components/text-fields.tsx';

/** Name and CNPJ checked by the domain's companySettingsBody (the CNPJ goes as its 14 digits). */
function Form({ company }: { company: CompanySettings | null }) {
  const save = useSaveCompany();
  const form = useForm({
    resolver: zodResolver(companySettingsBody),
    defaultValues: { nome: company?.nome ?? '', cnpj: company?.cnpj_formatado ?? '' },
  });
  const { errors } = form.formState;

  return (
    <form
      onSubmit={(e) => void form.handleSubmit((body) => save.mutate(body))(e)}
      noValidate
      aria-label="Dados da empresa"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Razão social"
            required
            {...form.register('nome')}
            error={errors.nome?.message}
            maxLength={textMaxLength(companySettingsBody, 'nome')}
          />
          <TextInput
            label="CNPJ"
            required
            {...form.register('cnpj', {
              onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
                const cnpj = e.currentTarget.value;
                if (isValidCnpj(cnpj)) form.setValue('cnpj', formatCnpj(cnpj));
              },
            })}
            error={errors.cnpj?.message}
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
