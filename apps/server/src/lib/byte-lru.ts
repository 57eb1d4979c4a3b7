/**
 * Values by key within a byte budget (each value's size given by `sizeOf`), least recently
 * used out first. `peek` reads without touching, so a caller can check that a hit is still
 * valid (a version, a predecessor) before `touch` marks it used.
 */
export class ByteLru<K, V> {
  private readonly items = new Map<K, V>();
  private bytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly sizeOf: (key: K, value: V) => number,
  ) {}

  peek(key: K): V | undefined {
    return this.items.get(key);
  }

  /** Marks a value got by peek as the most recently used. */
  touch(key: K, value: V): void {
    this.items.delete(key);
    this.items.set(key, value);
  }

  /** Keeps a value (replacing the key's old one); one larger than the whole budget is not kept. */
  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(key, value);
    if (size > this.maxBytes) return;
    this.items.set(key, value);
    this.bytes += size;
    for (const [k] of this.items) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(k);
    }
  }

  delete(key: K): void {
    const old = this.items.get(key);
    if (old === undefined) return;
    this.items.delete(key);
    this.bytes -= this.sizeOf(key, old);
  }

  clear(): void {
    this.items.clear();
    this.bytes = 0;
  }

  /** Kept bytes, as sizeOf counts them. */
  get size(): number {
    return this.bytes;
  }

  get count(): number {
    return this.items.size;
  }
}
