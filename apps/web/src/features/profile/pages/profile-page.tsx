import { can, roleOf } from '@eproto/domain';
import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { PageHeader } from '../../../components/page-header.tsx';
import { useProfile } from '../api/get-profile.ts';
import { AvatarEditor } from '../components/avatar-editor.tsx';
import { CalendarFeed } from '../components/calendar-feed.tsx';
import { EmailDigestSwitch } from '../components/email-digest-switch.tsx';
import { NotificationPrefs } from '../components/notification-prefs.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { PushDevices } from '../components/push-devices.tsx';
import { ProfileNameForm } from '../components/profile-name-form.tsx';
import { ThemeChoice } from '../components/theme-choice.tsx';
import { CompanyForm } from '../components/company-form.tsx';
import { MyData } from '../components/my-data.tsx';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {hint && (
        <Text size="sm" c="dimmed" mt={2}>
          {hint}
        </Text>
      )}
      <Stack mt="md" gap="md">
        {children}
      </Stack>
    </Paper>
  );
}

/** /profile — name, picture, password, theme and which notifications to receive. */
export default function ProfilePage() {
  const query = useProfile();

  return (
    <Stack gap="lg" maw={880} mx="auto" w="100%">
      <PageHeader title="Perfil" description="Seus dados, sua senha e suas preferências." />
      {query.isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Carregando...">
          <Skeleton height={180} radius="lg" />
          <Skeleton height={160} radius="lg" />
        </Stack>
      ) : query.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Erro ao carregar"
        >
          <Text size="sm" mb="sm">
            {query.error.message}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Tentar novamente
          </Button>
        </Alert>
      ) : (
        <>
          <Section title="Dados pessoais" hint={`${query.data.email} · ${query.data.rawType}`}>
            <AvatarEditor profile={query.data} />
            <ProfileNameForm key={query.data.nome} profile={query.data} />
          </Section>
          <Section title="Senha">
            <PasswordForm owner={query.data} />
          </Section>
          <Section title="Aparência" hint="O tema escolhido fica salvo na sua conta.">
            <ThemeChoice />
          </Section>
          <Section title="Notificações" hint="Escolha quais avisos você quer receber no sino.">
            <NotificationPrefs profile={query.data} />
          </Section>
          <Section
            title="Notificações no celular"
            hint="Agenda, OS, menções, tarefas, solicitações e EPI para confirmar chegam ao celular mesmo com o E-Proto fechado, conforme as escolhas acima."
          >
            <PushDevices />
          </Section>
          <Section
            title="E-mail"
            hint="Um resumo do seu dia na caixa de entrada. Dá para cancelar pelo link no fim de cada e-mail."
          >
            <EmailDigestSwitch email={query.data.email} />
          </Section>
          <Section
            title="Calendário"
            hint="Veja sua agenda, suas OSs e os prazos das suas demandas e tarefas no Google Agenda, no Outlook ou no iPhone. As mudanças chegam sozinhas (cada aplicativo atualiza no seu ritmo, em geral a cada poucas horas)."
          >
            <CalendarFeed />
          </Section>
          <Section
            title="Meus dados"
            hint="Baixe em um arquivo ZIP tudo o que o E-Proto guarda sobre você (LGPD): um arquivo JSON por área e os seus arquivos."
          >
            <MyData />
          </Section>
          {can(roleOf(query.data.type), 'company.edit') && (
            <Section
              title="Empresa"
              hint="Razão social e CNPJ do empregador, impressos na ficha de EPI."
            >
              <CompanyForm />
            </Section>
          )}
        </>
      )}
    </Stack>
  );
}
