/** murmur3's 32-bit finalizer of an id mixed with a seed: ids near each other spread apart. */
function mix(id: number, seed: number): number {
  let h = (id ^ seed) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Fingerprint of a set of ids, whatever their order (two sums of mixed ids, 64 bits, as 16 hex
 * digits): a tab compares the ids it shows with the list's on the server without either side
 * sending them (GET /murals/summary/changes `ids_hash`).
 */
export function idSetHash(ids: Iterable<number>): string {
  let a = 0;
  let b = 0;
  for (const id of ids) {
    a = (a + mix(id, 0x9e3779b9)) >>> 0;
    b = (b + mix(id, 0x7f4a7c15)) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
