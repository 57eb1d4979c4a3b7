import { missingRequiredMessage } from '@eproto/domain';

/**
 * Entries named by asset ("AC-01: Filtro limpo", as `pendencias` and a refused conclusion word
 * them) grouped by tag: AC-01 → [Filtro limpo]. Entries without a known tag are left out.
 */
export function entriesByAsset(
  entries: readonly string[],
  tags: readonly string[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  // Longest first: a tag may begin with another one ("AC-1" and "AC-10").
  const known = [...tags].sort((a, b) => b.length - a.length);
  for (const entry of entries) {
    const tag = known.find((t) => entry.startsWith(`${t}: `));
    if (tag) out.set(tag, [...(out.get(tag) ?? []), entry.slice(tag.length + 2)]);
  }
  return out;
}

// The server's wording (service-orders-rules), without the list and its closing period.
const REFUSAL_HEAD = missingRequiredMessage([]).slice(0, -1);

/**
 * The items a refused conclusion names per asset: "Faltam itens obrigatórios do checklist:
 * AC-01: Filtro limpo; AC-02: Temperatura." gives AC-01 → [Filtro limpo], AC-02 → [Temperatura].
 */
export function refusalByAsset(message: string, tags: readonly string[]): Map<string, string[]> {
  if (!message.startsWith(REFUSAL_HEAD)) return new Map();
  const list = message.slice(REFUSAL_HEAD.length).replace(/\.$/, '');
  return entriesByAsset(list.split('; '), tags);
}
