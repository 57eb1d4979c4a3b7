import { assetCodeFromScan, type AssetListResponse } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { findAssetByCode } from './find-asset-by-code.ts';
import { contractLabel } from '../../../components/pickers/contract-label.ts';

/** What reading a label (or typing what it prints) found. */
export type LabelLookup =
  | { kind: 'asset'; id: number }
  | { kind: 'choose'; items: Array<{ id: number; tag: string; contrato: string }> }
  | { kind: 'refused'; message: string };

export const NOT_OURS = 'Este QR não é uma etiqueta de ativo do E-Proto.';
export const NOT_IN_CONTRACTS =
  'Etiqueta não encontrada nos seus contratos: o equipamento não está mais cadastrado ou é de um contrato que não é seu.';

/** The asset a scanned QR names: its code asked to the server (404 outside the contracts). */
export async function lookupScanned(text: string): Promise<LabelLookup> {
  const codigo = assetCodeFromScan(text);
  if (!codigo) return { kind: 'refused', message: NOT_OURS };
  try {
    const { id } = await findAssetByCode(codigo);
    return { kind: 'asset', id };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) {
      return { kind: 'refused', message: NOT_IN_CONTRACTS };
    }
    throw e;
  }
}

const normTag = (t: string) => t.trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * What a person typed from the label: the tag printed in bold (the contracts' assets with that
 * exact tag), or a label's address or code pasted. A tag may look like a code (16 letters,
 * digits, - or _), so the tag is tried first and the code only when no tag matches.
 */
export async function lookupTyped(text: string): Promise<LabelLookup> {
  const t = text.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) {
    // An address: a label's holds its code; any other is some other QR's.
    return lookupScanned(t);
  }
  const tag = normTag(t);
  if (tag.length === 0) return { kind: 'refused', message: 'Digite a tag impressa na etiqueta.' };
  const page = await api.get<AssetListResponse>('/tatico/ativos', {
    params: { q: tag.slice(0, 80), perPage: 100 },
  });
  const items = page.items
    .filter((a) => normTag(a.tag) === tag)
    .map((a) => ({ id: a.id, tag: a.tag, contrato: contractLabel(a.contrato) }));
  if (items.length === 1) return { kind: 'asset', id: items[0]!.id };
  if (items.length > 1) return { kind: 'choose', items };
  if (assetCodeFromScan(t)) {
    const byCode = await lookupScanned(t);
    if (byCode.kind === 'asset') return byCode;
  }
  return { kind: 'refused', message: `Nenhum ativo com a tag ${tag} nos seus contratos.` };
}
