/**
 * The account's state in the Durable Object's SQLite database. Every Stripe object is one JSON row keyed by
 * its id (so `expand` can resolve any id), listed newest first by insertion order. All calls are synchronous:
 * a request's writes between two awaits commit together, which keeps each API call atomic.
 */
export interface StripeObject {
  id: string;
  object: string;
}

export interface StoredResponse {
  status: number;
  body: string;
  fingerprint: string;
}

export interface Delivery {
  event_id: string;
  status: number | null;
  error: string | null;
  attempts: number;
  delivered_at: number;
}

export class Store {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(`
      CREATE TABLE IF NOT EXISTS objects (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL,
        json TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS objects_type ON objects (type, seq);
      CREATE TABLE IF NOT EXISTS idempotency (
        key TEXT NOT NULL,
        route TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (key, route)
      );
      CREATE TABLE IF NOT EXISTS deliveries (
        event_id TEXT PRIMARY KEY,
        status INTEGER,
        error TEXT,
        attempts INTEGER NOT NULL,
        delivered_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
  }

  get<T extends StripeObject>(id: string, type?: string): T | null {
    const row = this.sql.exec<{ json: string; type: string }>("SELECT json, type FROM objects WHERE id = ?", id).toArray()[0];
    if (!row || (type !== undefined && row.type !== type)) return null;
    return JSON.parse(row.json) as T;
  }

  /** Inserts or replaces; an update keeps the object's place in lists. */
  put<T extends StripeObject>(value: T): T {
    this.sql.exec(
      "INSERT INTO objects (id, type, json) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET json = excluded.json",
      value.id,
      value.object,
      JSON.stringify(value),
    );
    return value;
  }

  /** All objects of a type, newest first. */
  list<T extends StripeObject>(type: string): T[] {
    return this.sql
      .exec<{ json: string }>("SELECT json FROM objects WHERE type = ? ORDER BY seq DESC", type)
      .toArray()
      .map((row) => JSON.parse(row.json) as T);
  }

  getIdempotent(key: string, route: string): StoredResponse | null {
    const row = this.sql
      .exec<{ status: number; body: string; fingerprint: string }>("SELECT status, body, fingerprint FROM idempotency WHERE key = ? AND route = ?", key, route)
      .toArray()[0];
    return row ?? null;
  }

  putIdempotent(key: string, route: string, response: StoredResponse): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO idempotency (key, route, fingerprint, status, body) VALUES (?, ?, ?, ?, ?)",
      key,
      route,
      response.fingerprint,
      response.status,
      response.body,
    );
  }

  recordDelivery(eventId: string, status: number | null, error: string | null, at: number): void {
    this.sql.exec(
      `INSERT INTO deliveries (event_id, status, error, attempts, delivered_at) VALUES (?, ?, ?, 1, ?)
       ON CONFLICT (event_id) DO UPDATE SET status = excluded.status, error = excluded.error, attempts = attempts + 1, delivered_at = excluded.delivered_at`,
      eventId,
      status,
      error,
      at,
    );
  }

  delivery(eventId: string): Delivery | null {
    return this.sql.exec<Delivery & Record<string, SqlStorageValue>>("SELECT * FROM deliveries WHERE event_id = ?", eventId).toArray()[0] ?? null;
  }

  getMeta(key: string): string | null {
    return this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", key, value);
  }
}
