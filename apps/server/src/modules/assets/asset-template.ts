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
import { fieldColumnTitle, fieldColumnTitles } from './asset-import-fields.ts';

const bold = (value: string) => ({ value, fontWeight: 'bold' as const });
const cell = (value: string) => ({ value });

/**
 * The import template: sheet "Ativos" with the columns the import reads (one asset per line,
 * "*" = required), sheet "Como preencher" with the active types of the catalogue and the
 * accepted values, so a spreadsheet filled offline needs nothing else. After the fixed columns
 * come the types' own fields, one "Campo: <nome> (<unidade>)" column each; a row fills only the
 * columns of its own type.
 */
export async function assetImportTemplate(types: AssetType[]): Promise<Buffer> {
  const columns = [...ASSET_IMPORT_COLUMNS, ...fieldColumnTitles(types)];
  const guide = [
    [
      bold('Tipo (coluna Tipo*)'),
      bold('Categoria'),
      bold('Colunas da categoria'),
      bold('Campos do tipo'),
    ],
    ...types
      .filter((t) => t.ativo)
      .map((t) => [
        cell(t.nome),
        cell(ASSET_CATEGORY_LABELS[t.categoria]),
        cell(
          ASSET_CATEGORY_FIELDS[t.categoria].map((k) => ASSET_DATA_FIELDS[k].label).join(', ') ||
            '—',
        ),
        cell(t.campos.map(fieldGuide).join('; ') || '—'),
      ]),
    [],
    [bold('Coluna'), bold('Valores aceitos')],
    [cell('Situação'), cell(`${Object.values(ASSET_STATUS_LABELS).join(', ')} (vazio = Ativo)`)],
    [cell('Unidade da capacidade'), cell('BTU/h ou TR')],
    [cell('Agente extintor'), cell(Object.values(EXTINGUISHER_AGENT_LABELS).join(', '))],
    [cell('Instalação, Fim da garantia'), cell('Datas como 10/03/2024')],
    [cell('Números'), cell('Vírgula para decimais, como 4,5')],
    [cell('Tag*'), cell('Única no contrato: letras, números, espaço e . / # - _')],
    [cell('Campo: …'), cell('Só as colunas dos campos do tipo da linha; as outras ficam vazias')],
  ];
  return writeXlsxFile([
    {
      data: [columns.map(bold)],
      sheet: 'Ativos',
      columns: columns.map((c) => ({ width: Math.max(12, c.length + 4) })),
      stickyRowsCount: 1,
    },
    {
      data: guide,
      sheet: 'Como preencher',
      columns: [{ width: 28 }, { width: 24 }, { width: 44 }, { width: 60 }],
    },
  ]).toBuffer();
}

/** "Campo: Tensão (V) — uma de 220, 380", as the guide sheet explains a field's column. */
function fieldGuide(f: AssetType['campos'][number]): string {
  const what =
    f.tipo === 'numero' ? 'número' : f.tipo === 'opcao' ? `uma de ${f.opcoes.join(', ')}` : 'texto';
  return `${fieldColumnTitle(f)} — ${what}`;
}
