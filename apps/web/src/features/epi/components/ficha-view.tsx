import { ACK_METHOD_LABELS, countOf, DELIVERY_REASON_LABELS } from '@eproto/domain';
import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { fichaPdfUrl, signatureUrl, useFicha } from '../api/get-ficha.ts';
import classes from './ficha-view.module.css';

/** The "ficha de EPI" of one employee, ready to print (print CSS) or download as PDF. */
export function FichaView({ userId }: { userId: number }) {
  const query = useFicha(userId);
  const sheet = query.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" className={classes.noPrint} gap="sm">
        <Anchor component={Link} to="/tatico/epi" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} /> Voltar para EPI
          </Group>
        </Anchor>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
            disabled={!sheet}
          >
            Imprimir
          </Button>
          <Button
            component="a"
            href={fichaPdfUrl(userId)}
            download
            leftSection={<IconDownload size={16} />}
          >
            Baixar PDF
          </Button>
        </Group>
      </Group>
      {query.isPending ? (
        <ListLoading rows={6} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        sheet && (
          <div className={classes.sheet} aria-label="Ficha de EPI">
            <Title order={2} ta="center" fz={20} c="#111">
              Ficha de Controle de EPI
            </Title>
            <Text ta="center" size="xs" c="#555" mb="md">
              Equipamentos de Proteção Individual — NR-6
            </Text>
            <Text size="sm">
              <b>Colaborador:</b> {sheet.colaborador.nome}
            </Text>
            <Text size="sm">
              <b>Cargo:</b> {sheet.colaborador.cargo}
            </Text>
            <Text size="sm" mb="sm">
              <b>E-mail:</b> {sheet.colaborador.email}
            </Text>
            <Text size="xs" c="#333" mb="md" ta="justify">
              Declaro ter recebido gratuitamente os Equipamentos de Proteção Individual abaixo, em
              perfeito estado, e ter sido orientado sobre seu uso correto. Comprometo-me a usá-los
              apenas para a finalidade a que se destinam, responsabilizar-me por sua guarda e
              conservação, comunicar qualquer alteração que os torne impróprios e devolvê-los quando
              substituídos ou ao término do contrato (NR-6, item 6.7.1).
            </Text>
            {sheet.entregas.length === 0 ? (
              <Alert color="gray" variant="light">
                Nenhuma entrega registrada para este colaborador.
              </Alert>
            ) : (
              <div style={{ overflowX: 'auto' }}>
                <Table withRowBorders={false} miw={720}>
                  <thead>
                    <tr>
                      <th>Data</th>
                      <th>EPI</th>
                      <th>Tam.</th>
                      <th>CA</th>
                      <th>Qtd.</th>
                      <th>Motivo</th>
                      <th>Devolução</th>
                      <th>Recebimento</th>
                    </tr>
                  </thead>
                  <tbody>
                    {sheet.entregas.map((e) => (
                      <tr key={e.id}>
                        <td>{formatDate(e.data)}</td>
                        <td>{e.item.nome}</td>
                        <td>{e.item.tamanho}</td>
                        <td>{e.item.ca_numero}</td>
                        <td>{e.quantidade}</td>
                        <td>{DELIVERY_REASON_LABELS[e.motivo]}</td>
                        <td>{e.devolucao_data ? formatDate(e.devolucao_data) : '—'}</td>
                        <td>
                          {e.tem_assinatura ? (
                            <img
                              className={classes.signature}
                              src={signatureUrl(e.id)}
                              alt={`Assinatura de ${sheet.colaborador.nome}`}
                            />
                          ) : e.confirmacao ? (
                            <span>
                              {ACK_METHOD_LABELS[e.confirmacao]}
                              <br />
                              <small>{formatDateTime(e.confirmado_em)}</small>
                            </span>
                          ) : (
                            <span style={{ color: '#b45309' }}>Pendente</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>
            )}
            <Text size="xs" c="#555" mt="md">
              Gerado pelo E-Proto em {formatDateTime(sheet.gerado_em)} —{' '}
              {countOf(sheet.entregas.length, 'entrega', 'entregas')}.
            </Text>
          </div>
        )
      )}
    </Stack>
  );
}
