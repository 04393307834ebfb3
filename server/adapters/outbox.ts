// What the console SMS and mail drivers "sent", kept in memory for GET /api/dev/outbox so a
// developer (and the browser tests) can read a login code without a phone.
export interface OutboxEntry {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  text: string;
  at: string;
}

const MAX_ENTRIES = 500;

export class DevOutbox {
  private entries: OutboxEntry[] = [];

  add(entry: Omit<OutboxEntry, 'at'>): void {
    this.entries.push({ ...entry, at: new Date().toISOString() });
    if (this.entries.length > MAX_ENTRIES)
      this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  /** Newest first; `to` is compared exactly (a normalised phone or a lower-cased e-mail). */
  list(to?: string): OutboxEntry[] {
    const rows = to ? this.entries.filter((e) => e.to === to) : this.entries;
    return [...rows].reverse();
  }
}
