import path from 'node:path';
import type { Readable } from 'node:stream';
import { countOf, pluralForm, todayIn } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { safeFileName } from '../../lib/file-type.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { LGPD_TABLES, type LgpdArea, type LgpdCovered } from './lgpd-map.ts';
import { createLgpdRepo } from './lgpd.repo.ts';
import { zipStream, type ZipEntry } from './lgpd-zip.ts';

type Row = Record<string, unknown>;
type AreaData = Partial<Record<LgpdArea, Record<string, unknown>>>;

interface StoredFile {
  name: string;
  key: string;
}

const COVERED = Object.entries(LGPD_TABLES)
  .filter((e): e is [string, LgpdCovered] => !('excluded' in e[1]))
  .sort(([a], [b]) => a.localeCompare(b));

const put = (areas: AreaData, area: LgpdArea, name: string, value: unknown) => {
  areas[area] = { ...areas[area], [name]: value };
};

/** The file of one row, if the row makes it the person's (uploaded by them, their signature). */
function fileOf(table: string, entry: LgpdCovered, row: Row, userId: number): StoredFile | null {
  const f = entry.files;
  if (!f || row[f.when] !== userId || typeof row[f.key] !== 'string') return null;
  const key = row[f.key] as string;
  const original = f.name && typeof row[f.name] === 'string' ? (row[f.name] as string) : null;
  const label = original
    ? safeFileName(original)
    : `${f.key.replace(/_key$/, '')}${path.extname(key)}`;
  const id = typeof row.id === 'number' ? `${row.id}-` : '';
  return { key, name: `arquivos/${table}/${id}${label}` };
}

function readme(
  nome: string,
  generatedAt: string,
  areas: string[],
  files: number,
  missing: string[],
) {
  return [
    'E-Proto — Meus dados (LGPD, art. 18)',
    '',
    `Pessoa: ${nome}`,
    `Gerado em: ${generatedAt} (UTC)`,
    '',
    'Cada arquivo .json reúne uma área do E-Proto; dentro dele, cada chave é uma tabela do',
    'banco de dados com as linhas que se referem a você, com os nomes das colunas como estão',
    'guardados. Datas e horas estão em UTC (ISO 8601).',
    '',
    ...areas.map((a) => `- ${a}.json`),
    '',
    `A pasta arquivos/ tem ${countOf(files, 'arquivo', 'arquivos')} ${pluralForm(files, 'seu', 'seus')}: foto de perfil, fotos e anexos que você`,
    'enviou, suas assinaturas de EPI e certificados de treinamento.',
    ...(missing.length > 0
      ? [
          '',
          'Arquivos registrados que não estavam mais no armazenamento:',
          ...missing.map((m) => `- ${m}`),
        ]
      : []),
    '',
    'O que a empresa guarda por obrigação legal e por quanto tempo está em docs/operations.md',
    '("Retenção de dados (LGPD)"). Dúvidas: fale com a TI da empresa.',
    '',
  ].join('\n');
}

/** "Meus dados" on /profile: everything E-Proto holds about the signed-in person, as a ZIP. */
export function createLgpdExportService(deps: ServiceDeps) {
  const db = deps.database.db;

  /** The person's rows of every covered table, read in one transaction with the export's log. */
  async function collect(actor: SessionUser, ip: string | null) {
    return db.transaction(async (tx) => {
      const repo = createLgpdRepo(tx);
      const account = await repo.account(actor.id);
      if (!account) throw notFound('Usuário');
      const areas: AreaData = {};
      const files: StoredFile[] = [];
      if (account.avatarPath) {
        files.push({
          key: account.avatarPath,
          name: `arquivos/avatar${path.extname(account.avatarPath)}`,
        });
      }
      put(areas, 'perfil', 'conta', account);
      let asos = 0;
      for (const [table, entry] of COVERED) {
        const rows = await repo.rowsOf(table, entry, actor.id);
        put(areas, entry.area, table, rows);
        if (table === 'sst_asos') asos = rows.length;
        for (const row of rows) {
          const file = fileOf(table, entry, row, actor.id);
          if (file) files.push(file);
        }
      }
      put(areas, 'atividade', 'feito_por_outros_sobre_mim', await repo.activityAbout(actor.id));
      put(
        areas,
        'sessoes-e-dispositivos',
        'login_attempts',
        await repo.loginAttemptsOf(account.email),
      );
      put(
        areas,
        'ordens-de-servico',
        'ordens_trabalhadas',
        await repo.serviceOrdersWorked(actor.id),
      );

      // Reading one's own ASO is a view of health data like any other (LGPD art. 11).
      if (asos > 0) {
        await repo.log({
          userId: actor.id,
          email: actor.email,
          action: 'sst_aso_view',
          objectType: 'users',
          objectId: actor.id,
          details: { pessoa: account.nome, resultado_visivel: true, asos, origem: 'meus_dados' },
          ip,
        });
      }
      await repo.log({
        userId: actor.id,
        email: actor.email,
        action: 'lgpd_export',
        objectType: 'users',
        objectId: actor.id,
        details: { areas: Object.keys(areas).length, arquivos: files.length },
        ip,
      });
      return { account, areas, files };
    });
  }

  return {
    async export(
      actor: SessionUser,
      ip: string | null,
    ): Promise<{ fileName: string; body: Readable }> {
      const { account, areas, files } = await collect(actor, ip);
      const present: StoredFile[] = [];
      const missing: string[] = [];
      for (const f of files) {
        if (await deps.storage.exists(f.key)) present.push(f);
        else missing.push(f.name);
      }
      const generatedAt = new Date().toISOString();
      const names = Object.keys(areas).sort();
      const entries: ZipEntry[] = [
        {
          name: 'LEIAME.txt',
          text: readme(account.nome, generatedAt, names, present.length, missing),
        },
        ...names.map((area) => ({
          name: `${area}.json`,
          text: JSON.stringify(areas[area as LgpdArea], null, 2),
        })),
        ...present.map((f) => ({ name: f.name, open: () => deps.storage.get(f.key) })),
      ];
      return {
        fileName: `meus-dados-eproto-${todayIn(deps.config.COMPANY_TIME_ZONE)}.zip`,
        body: zipStream(entries),
      };
    },
  };
}
