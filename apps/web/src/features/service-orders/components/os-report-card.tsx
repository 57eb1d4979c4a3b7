import type { OsDetail } from '@eproto/domain';
import { can, OS_REPORT_LINK_LABELS, type Role } from '@eproto/domain';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Image,
  Rating,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconBan,
  IconFileTypePdf,
  IconLinkOff,
  IconMail,
  IconNote,
  IconShieldCheck,
} from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';

import { formatDateTime } from '../../../lib/dates.ts';
import { useRevokeReportLink } from '../api/revoke-report-link.ts';
import { reportPdfUrl } from '../api/send-report.ts';

// Sending the report and writing an addendum are forms (react-hook-form and zod): fetched when
// the person reaches for one (pointer or focus on its button), not with the OS screen.
const loadForms = () => import('./os-report-forms.tsx');
const SendReportModal = lazy(() => loadForms().then((m) => ({ default: m.SendReportModal })));
const AddendumModal = lazy(() => loadForms().then((m) => ({ default: m.AddendumModal })));
const preloadForms = () => void loadForms().catch(() => undefined);

/** A report form, mounted from its first opening on so that it can animate closing. */
function LazyForm({
  form: Form,
  ...props
}: { form: typeof SendReportModal } & ComponentProps<typeof SendReportModal>) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
}

const LINK_COLOR = { ativo: 'teal', expirado: 'gray', revogado: 'red' } as const;

/**
 * A cancelled OS has no report for the customer: nothing was concluded, signed or sealed, so
 * the card says so (with the reason) instead of offering a PDF of a service that did not happen.
 */
function CancelledCard({ os }: { os: OsDetail }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="os-report">
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap">
          <IconBan size={18} color="var(--mantine-color-red-6)" style={{ flexShrink: 0 }} />
          <Text fw={600}>OS cancelada — sem relatório</Text>
        </Group>
        {os.cancelamento_motivo && <Text size="sm">Motivo: {os.cancelamento_motivo}</Text>}
        <Text size="sm" c="dimmed">
          O relatório (PDF) e o envio ao cliente existem só para OS concluídas. O que foi feito
          antes do cancelamento continua no histórico desta OS.
        </Text>
      </Stack>
    </Card>
  );
}

/** Signature, seal (SHA-256 and verification link), PDF, sending to the customer, addenda. */
export function OsReportCard({ os, role }: { os: OsDetail; role: Role }) {
  if (os.status === 'cancelada' && !os.selo) return <CancelledCard os={os} />;
  return <ReportCard os={os} role={role} />;
}

function ReportCard({ os, role }: { os: OsDetail; role: Role }) {
  const revoke = useRevokeReportLink();
  const link = os.relatorio_link;
  const [sending, setSending] = useState(false);
  const [writing, setWriting] = useState(false);
  const a = os.assinatura;

  return (
    <Card withBorder radius="md" padding="md" data-testid="os-report">
      <Stack gap="sm">
        {a && (
          <Stack gap={4}>
            <Text fw={600}>
              {a.tipo === 'assinada' ? 'Assinado pelo cliente' : 'Cliente recusou assinar'}
            </Text>
            {a.cliente_nome && (
              <Text size="sm">
                {a.cliente_nome}
                {a.cliente_cpf ? ` · CPF ${a.cliente_cpf}` : ''}
              </Text>
            )}
            {a.recusa_motivo && <Text size="sm">Motivo: {a.recusa_motivo}</Text>}
            {a.imagem_url && (
              <Image
                src={a.imagem_url}
                alt="Assinatura do cliente"
                h={90}
                w="auto"
                fit="contain"
                bg="white"
                radius="sm"
              />
            )}
            {a.avaliacao !== null && (
              <Group gap={6}>
                <Text size="sm">Avaliação:</Text>
                <Rating value={a.avaliacao} readOnly />
              </Group>
            )}
            {a.comentario && <Text size="sm">“{a.comentario}”</Text>}
            <Text size="xs" c="dimmed">
              {formatDateTime(a.em)}
            </Text>
          </Stack>
        )}
        {os.selo && (
          <Stack gap={4}>
            <Group gap={6}>
              <IconShieldCheck size={18} color="var(--mantine-color-teal-6)" />
              <Text fw={600} size="sm">
                Selada em {formatDateTime(os.selo.selada_em)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              SHA-256
            </Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
              {os.selo.sha256}
            </Code>
            <Text size="xs" c="dimmed">
              Código de verificação (também no QR do PDF): {os.selo.verificacao_codigo}
            </Text>
            <Anchor component={Link} to={os.selo.verificacao_path} size="sm" target="_blank">
              Página de verificação
            </Anchor>
          </Stack>
        )}
        {link && (
          <Group gap="xs" justify="space-between" wrap="wrap" data-testid="os-report-link">
            <Stack gap={2}>
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  Link do cliente
                </Text>
                <Badge color={LINK_COLOR[link.situacao]} variant="light">
                  {OS_REPORT_LINK_LABELS[link.situacao]}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {link.situacao === 'revogado' && link.revogado_em
                  ? `Revogado em ${formatDateTime(link.revogado_em)}`
                  : `${link.situacao === 'ativo' ? 'Vale até' : 'Expirou em'} ${formatDateTime(link.expira_em)}`}
              </Text>
            </Stack>
            {link.situacao === 'ativo' && os.permissoes.enviar_relatorio && (
              <Button
                variant="light"
                color="red"
                size="md"
                leftSection={<IconLinkOff size={18} />}
                loading={revoke.isPending}
                onClick={() => revoke.mutate(os.id)}
              >
                Revogar link
              </Button>
            )}
          </Group>
        )}
        {/* One column on a phone: side by side, "Baixar PDF" and "Enviar ao cliente" were cut. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button
            component="a"
            href={reportPdfUrl(os.id)}
            download
            size="md"
            variant="default"
            leftSection={<IconFileTypePdf size={18} />}
          >
            Baixar PDF
          </Button>
          {os.permissoes.enviar_relatorio && (
            <Button
              size="md"
              leftSection={<IconMail size={18} />}
              onPointerEnter={preloadForms}
              onFocus={preloadForms}
              onClick={() => setSending(true)}
            >
              Enviar ao cliente
            </Button>
          )}
        </SimpleGrid>
        {os.adendos.length > 0 && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Adendos
            </Text>
            {os.adendos.map((ad) => (
              <Card key={ad.id} withBorder padding="xs" radius="sm">
                <Text size="xs" c="dimmed">
                  Adendo · {ad.autor?.nome ?? ''} · {formatDateTime(ad.created_at)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {ad.texto}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
        {os.selo && os.permissoes.adendo && can(role, 'os.addendum') && (
          <Button
            variant="subtle"
            leftSection={<IconNote size={18} />}
            onPointerEnter={preloadForms}
            onFocus={preloadForms}
            onClick={() => setWriting(true)}
            w="fit-content"
          >
            Adicionar adendo
          </Button>
        )}
      </Stack>
      <LazyForm form={SendReportModal} os={os} opened={sending} onClose={() => setSending(false)} />
      <LazyForm form={AddendumModal} os={os} opened={writing} onClose={() => setWriting(false)} />
    </Card>
  );
}
