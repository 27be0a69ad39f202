import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminDatabaseUrl } from './config';

/**
 * The changes of the publication `supabase_realtime`, read from the WAL as hosted Supabase Realtime
 * reads them: a temporary logical replication slot with Postgres's own `pgoutput` plugin, polled with
 * `pg_logical_slot_get_binary_changes` (consumes what it returns, so the slot never grows while the
 * gateway runs; a temporary slot is dropped with its connection, so it never outlives the gateway).
 */

export interface FeedColumn {
  name: string;
  typeOid: number;
  /** Part of the replica identity (the primary key unless REPLICA IDENTITY says otherwise). */
  isKey: boolean;
}

export interface FeedRelation {
  relid: number;
  schema: string;
  table: string;
  columns: FeedColumn[];
}

/** A column's value in Postgres text form; null for SQL NULL; undefined for an unchanged TOASTed value. */
export type FeedValue = string | null | undefined;

export interface FeedChange {
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  relation: FeedRelation;
  /** INSERT and UPDATE: the row as written. */
  record?: FeedValue[];
  /** UPDATE (only with REPLICA IDENTITY FULL or a changed key) and DELETE: the old row or its key. */
  old?: FeedValue[];
}

export interface FeedTransaction {
  commitTimestamp: Date;
  changes: FeedChange[];
}

export interface FeedOptions {
  onTransaction(transaction: FeedTransaction): Promise<void>;
  /** The feed lost Postgres (restart, kill): changes until it is back are not seen. */
  onDown(): void;
  /** The feed (re)started: changes from now on are seen. */
  onUp(): void;
  /** Whether anyone listens: the feed polls every 100 ms then, else every second (it still consumes). */
  listening(): boolean;
  connectionString?: string;
}

/** Microseconds between 1970-01-01 and Postgres's epoch 2000-01-01. */
const PG_EPOCH_US = 946_684_800_000_000n;
const RETRY_MS = 1_000;
const POLL_MS = 100;
const IDLE_POLL_MS = 1_000;
/** Changes read per poll at most (whole transactions), so a burst never sits in memory at once. */
const MAX_CHANGES_PER_POLL = 2_000;

class Reader {
  private offset = 0;
  constructor(private readonly buffer: Buffer) {}
  byte(): number {
    return this.buffer.readUInt8(this.offset++);
  }
  char(): string {
    return String.fromCharCode(this.byte());
  }
  int16(): number {
    const value = this.buffer.readInt16BE(this.offset);
    this.offset += 2;
    return value;
  }
  int32(): number {
    const value = this.buffer.readInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  uint32(): number {
    const value = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }
  int64(): bigint {
    const value = this.buffer.readBigInt64BE(this.offset);
    this.offset += 8;
    return value;
  }
  string(): string {
    const end = this.buffer.indexOf(0, this.offset);
    const value = this.buffer.toString('utf8', this.offset, end);
    this.offset = end + 1;
    return value;
  }
  bytes(length: number): string {
    const value = this.buffer.toString('utf8', this.offset, this.offset + length);
    this.offset += length;
    return value;
  }
}

function readTuple(reader: Reader): FeedValue[] {
  const count = reader.int16();
  const values: FeedValue[] = [];
  for (let i = 0; i < count; i++) {
    const kind = reader.char();
    if (kind === 'n') values.push(null);
    else if (kind === 'u') values.push(undefined);
    else if (kind === 't') values.push(reader.bytes(reader.int32()));
    else throw new Error(`pgoutput: unexpected tuple value kind ${kind}`);
  }
  return values;
}

/** Decodes pgoutput protocol version 1 (the messages of the Postgres docs' "Logical Replication Message Formats"). */
export class PgoutputDecoder {
  readonly relations = new Map<number, FeedRelation>();
  private current: FeedTransaction | undefined;

  /** Feeds one message; returns a transaction when its commit arrives. */
  decode(message: Buffer): FeedTransaction | undefined {
    const reader = new Reader(message);
    const tag = reader.char();
    switch (tag) {
      case 'B':
        this.current = { commitTimestamp: new Date(0), changes: [] };
        return undefined;
      case 'C': {
        reader.byte();
        reader.int64();
        reader.int64();
        const micros = reader.int64() + PG_EPOCH_US;
        const done = this.current;
        this.current = undefined;
        if (!done) return undefined;
        done.commitTimestamp = new Date(Number(micros / 1000n));
        return done;
      }
      case 'R': {
        const relid = reader.uint32();
        const schema = reader.string();
        const table = reader.string();
        reader.byte(); // replica identity setting
        const count = reader.int16();
        const columns: FeedColumn[] = [];
        for (let i = 0; i < count; i++) {
          const flags = reader.byte();
          const name = reader.string();
          const typeOid = reader.uint32();
          reader.int32(); // type modifier
          columns.push({ name, typeOid, isKey: (flags & 1) === 1 });
        }
        this.relations.set(relid, { relid, schema, table, columns });
        return undefined;
      }
      case 'I':
      case 'U':
      case 'D': {
        const relation = this.relations.get(reader.uint32());
        if (!relation) throw new Error('pgoutput: change before its relation');
        const change: FeedChange = { type: tag === 'I' ? 'INSERT' : tag === 'U' ? 'UPDATE' : 'DELETE', relation };
        let part = reader.char();
        if (part === 'K' || part === 'O') {
          change.old = readTuple(reader);
          if (tag === 'U') part = reader.char();
        }
        if (part === 'N') change.record = readTuple(reader);
        this.current?.changes.push(change);
        return undefined;
      }
      default:
        // Origin, Type, Truncate, Message: Supabase Realtime sends none of them as postgres_changes.
        return undefined;
    }
  }
}

/**
 * Starts reading; wake() polls at once (a first subscriber joined); stop() ends the loop and the
 * connection (which drops the temporary slot).
 */
export function startFeed(options: FeedOptions): { wake(): void; stop(): Promise<void> } {
  const slot = `local_realtime_${process.pid}_${randomBytes(4).toString('hex')}`;
  let stopped = false;
  let client: pg.Client | undefined;
  let wake: (() => void) | undefined;
  let lastError = '';
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const run = async () => {
    while (!stopped) {
      let up = false;
      try {
        client = new pg.Client({
          connectionString: options.connectionString ?? adminDatabaseUrl(),
          application_name: 'local-supabase-realtime',
          connectionTimeoutMillis: 5_000,
        });
        client.on('error', () => undefined);
        await client.connect();
        // Every read of the slot logs LOG lines ("starting logical decoding…") that would fill the server
        // log (postgres.log) every second; Postgres writes LOG lines unless the level is fatal or above.
        // This session's own failures are reported below ("[realtime] reading changes failed").
        await client.query('set log_min_messages = fatal').catch(() => undefined);
        await client.query(`select pg_create_logical_replication_slot($1, 'pgoutput', true)`, [slot]);
        const decoder = new PgoutputDecoder();
        up = true;
        lastError = '';
        options.onUp();
        while (!stopped) {
          const { rows } = await client.query<{ data: Buffer }>(
            `select data from pg_logical_slot_get_binary_changes($1, null, $2,
               'proto_version', '1', 'publication_names', 'supabase_realtime')`,
            [slot, MAX_CHANGES_PER_POLL],
          );
          for (const row of rows) {
            const transaction = decoder.decode(row.data);
            if (transaction && transaction.changes.length > 0) await options.onTransaction(transaction);
          }
          if (rows.length < MAX_CHANGES_PER_POLL) await pause(options.listening() ? POLL_MS : IDLE_POLL_MS);
        }
      } catch (error) {
        if (stopped) break;
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        // Said once per outage, not once a second.
        if (reason !== lastError) console.error(`[realtime] reading changes failed, retrying: ${reason}`);
        lastError = reason ?? '';
      } finally {
        await client?.end().catch(() => undefined);
        client = undefined;
        if (up) options.onDown();
      }
      if (!stopped) await pause(RETRY_MS);
    }
  };
  const running = run();

  return {
    wake: () => wake?.(),
    stop: async () => {
      stopped = true;
      wake?.();
      await client?.end().catch(() => undefined);
      await running;
    },
  };
}
