import {
  ACK_METHOD_LABELS,
  countOf,
  DELIVERY_REASON_LABELS,
  EPI_DECLARATION,
  formatCnpj,
  formatCpf,
} from '@eproto/domain';
import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { UpdatedAt } from '../../../components/offline/updated-at.tsx';
import { fichaPdfUrl, signatureUrl, useFicha } from '../api/get-ficha.ts';
import classes from './ficha-view.module.css';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Text size="sm">
      <b>{label}:</b> {value ?? <span style={{ color: '#b45309' }}>não informado</span>}
    </Text>
  );
}

/** The "ficha de EPI" of one employee, ready to print (print CSS) or download as PDF. */
export function FichaView({ userId }: { userId: number }) {
  const query = useFicha(userId);
  const sheet = query.data;
  const c = sheet?.colaborador;

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
      <div className={classes.noPrint}>
        <UpdatedAt at={query.dataUpdatedAt} />
      </div>
      {query.isPending ? (
        <ListLoading rows={6} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        sheet &&
        c && (
          <div className={classes.sheet} aria-label="Ficha de EPI">
            <Title order={2} ta="center" fz={20} c="#111">
              Ficha de Controle de EPI
            </Title>
            <Text ta="center" size="xs" c="#555" mb="md">
              Equipamentos de Proteção Individual — NR-6
            </Text>
            <div className={classes.parties}>
              <section>
                <h3 className={classes.partyTitle}>Empregador</h3>
                <Field label="Empresa" value={sheet.empresa?.nome} />
                <Field label="CNPJ" value={sheet.empresa && formatCnpj(sheet.empresa.cnpj)} />
              </section>
              <section>
                <h3 className={classes.partyTitle}>Colaborador</h3>
                <Field label="Nome" value={c.nome} />
                <Field label="CPF" value={c.cpf && formatCpf(c.cpf)} />
                <Field label="Matrícula" value={c.matricula} />
                <Field label="Função" value={c.funcao ?? c.cargo} />
                <Field label="Admissão" value={c.admissao && formatDate(c.admissao)} />
              </section>
            </div>
            {sheet.entregas.length === 0 ? (
              <Alert color="gray" variant="light">
                Nenhuma entrega registrada para este colaborador.
              </Alert>
            ) : (
              <div className={classes.tableBox}>
                <Table withRowBorders={false} className={classes.table}>
                  <thead>
                    <tr>
                      <th>Data</th>
                      <th>EPI</th>
                      <th>Tam.</th>
                      <th>CA</th>
                      <th>Validade CA</th>
                      <th>Qtd.</th>
                      <th>Motivo</th>
                      <th>Devolução</th>
                      <th>Recebimento</th>
                    </tr>
                  </thead>
                  <tbody>
                    {sheet.entregas.map((e) => (
                      <tr key={e.id}>
                        <td data-label="Data">{formatDate(e.data)}</td>
                        <td data-label="EPI">{e.item.nome}</td>
                        <td data-label="Tam.">{e.item.tamanho}</td>
                        <td data-label="CA">{e.item.ca_numero}</td>
                        <td data-label="Validade CA">{formatDate(e.item.ca_validade)}</td>
                        <td data-label="Qtd.">{e.quantidade}</td>
                        <td data-label="Motivo">{DELIVERY_REASON_LABELS[e.motivo]}</td>
                        <td data-label="Devolução">
                          {e.devolucao_data ? formatDate(e.devolucao_data) : '—'}
                        </td>
                        <td data-label="Recebimento">
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
            <h3 className={classes.partyTitle}>Declaração do colaborador</h3>
            <Text size="xs" c="#333" ta="justify">
              {EPI_DECLARATION}
            </Text>
            <Text size="sm" mt="md">
              Local e data: ______________________, ____/____/________
            </Text>
            <div className={classes.signatures}>
              <div>
                <div className={classes.signLine} />
                <b>Assinatura do colaborador</b>
                <div>
                  {c.nome}
                  {c.cpf ? ` — CPF ${formatCpf(c.cpf)}` : ''}
                </div>
              </div>
              <div>
                <div className={classes.signLine} />
                <b>Responsável pela entrega</b>
                <div>{sheet.empresa?.nome ?? 'Empregador'}</div>
              </div>
            </div>
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
