/** A person's demand view as mural_views holds it (numbered by the trigger of migration 0038). */
export interface ViewRow {
  muralId: number;
  viewedAt: Date;
  seq: number;
}

/** One person's views kept by a node: viewed_at (ms) by demand id, complete up to `seq`. */
interface Kept {
  seq: number;
  at: Map<number, number>;
  /** Entries counted for this person in the cache's total. */
  counted: number;
}

/**
 * Each person's demand views, kept per node so the demand list's unread flags need no probe
 * of mural_views per card (~0.6 ms of a 1,000-card page at 10x): the page statement reads the
 * person's views number (user_view_seq.v) and only the rows numbered past what is kept are
 * read. Numbers are handed out in commit order (migration 0038), so a node that has every row
 * up to n has all the person's views a reader that saw v = n could see, whichever node wrote
 * them, with no event to wait for. Bounded by entries; the people least recently listed go.
 */
export class UserViewsCache {
  private readonly people = new Map<number, Kept>();
  private readonly loading = new Map<number, Promise<void>>();
  private entries = 0;

  constructor(
    readonly maxEntries: number,
    private readonly load: (userId: number, since: number) => Promise<ViewRow[]>,
  ) {}

  /** The person's views (ms by demand id), complete at least up to `seq`. */
  async upTo(userId: number, seq: number): Promise<ReadonlyMap<number, number>> {
    for (;;) {
      const kept = this.people.get(userId);
      if (kept && kept.seq >= seq) {
        this.people.delete(userId);
        this.people.set(userId, kept);
        return kept.at;
      }
      // One read per person at a time, each from where the last one stopped: a slower,
      // older read can never put back a view a newer one replaced.
      const running = this.loading.get(userId);
      if (running) {
        await running;
        continue;
      }
      const read = this.fill(userId, kept, seq);
      this.loading.set(userId, read);
      try {
        await read;
      } finally {
        this.loading.delete(userId);
      }
    }
  }

  /** Entries (a person's view of one demand) kept now. */
  get size(): number {
    return this.entries;
  }

  private async fill(userId: number, kept: Kept | undefined, seq: number) {
    const k = kept ?? { seq: -1, at: new Map<number, number>(), counted: 0 };
    const rows = await this.load(userId, k.seq);
    let top = k.seq;
    for (const r of rows) {
      k.at.set(r.muralId, r.viewedAt.getTime());
      if (r.seq > top) top = r.seq;
    }
    // The page statement saw v = seq: every row numbered up to it was committed before this
    // read began, so the read had them all.
    k.seq = Math.max(top, seq);
    if (this.people.get(userId) === k) this.entries -= k.counted;
    this.people.delete(userId);
    k.counted = k.at.size;
    this.people.set(userId, k);
    this.entries += k.counted;
    for (const [id, other] of this.people) {
      if (this.entries <= this.maxEntries || other === k) break;
      this.people.delete(id);
      this.entries -= other.counted;
    }
  }
}
