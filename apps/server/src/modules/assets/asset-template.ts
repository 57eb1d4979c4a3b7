import {
  ASSET_CATEGORY_FIELDS,
  ASSET_CATEGORY_LABELS,
  ASSET_DATA_FIELDS,
  ASSET_IMPORT_COLUMNS,
  ASSET_STATUS_LABELS,
  EXTINGUISHER_AGENT_LABELS,
  type AssetType,
} from '@eproto/domain';
import writeXlsxFile from 'write-excel-file/node';

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
const cell = (value: string) => ({ value });

/**
 * The import template: sheet "Ativos" with the columns the import reads (one asset per line,
 * "*" = required), sheet "Como preencher" with the active types of the catalogue and the
 * accepted values, so a spreadsheet filled offline needs nothing else.
 */
export async function assetImportTemplate(types: AssetType[]): Promise<Buffer> {
  const guide = [
    [bold('Tipo (coluna Tipo*)'), bold('Categoria'), bold('Colunas próprias do tipo')],
    ...types
      .filter((t) => t.ativo)
      .map((t) => [
        cell(t.nome),
        cell(ASSET_CATEGORY_LABELS[t.categoria]),
        cell(
          ASSET_CATEGORY_FIELDS[t.categoria].map((k) => ASSET_DATA_FIELDS[k].label).join(', ') ||
            '—',
        ),
      ]),
    [],
    [bold('Coluna'), bold('Valores aceitos')],
    [cell('Situação'), cell(`${Object.values(ASSET_STATUS_LABELS).join(', ')} (vazio = Ativo)`)],
    [cell('Unidade da capacidade'), cell('BTU/h ou TR')],
    [cell('Agente extintor'), cell(Object.values(EXTINGUISHER_AGENT_LABELS).join(', '))],
    [cell('Instalação, Fim da garantia'), cell('Datas como 10/03/2024')],
    [cell('Números'), cell('Vírgula para decimais, como 4,5')],
    [cell('Tag*'), cell('Única no contrato: letras, números, espaço e . / # - _')],
  ];
  return writeXlsxFile([
    {
      data: [ASSET_IMPORT_COLUMNS.map(bold)],
      sheet: 'Ativos',
      columns: ASSET_IMPORT_COLUMNS.map((c) => ({ width: Math.max(12, c.length + 4) })),
      stickyRowsCount: 1,
    },
    {
      data: guide,
      sheet: 'Como preencher',
      columns: [{ width: 28 }, { width: 24 }, { width: 44 }],
    },
  ]).toBuffer();
}
