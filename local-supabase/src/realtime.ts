import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type pg from 'pg';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { ANON_KEY, SERVICE_ROLE_KEY } from './config';
import { verifyJwt, type JwtClaims } from './jwt';
import { startFeed, type FeedChange, type FeedRelation, type FeedTransaction, type FeedValue } from './realtime-feed';

/**
 * Supabase Realtime's `postgres_changes`, as supabase-js's realtime-js speaks it (Phoenix channels over
 * a WebSocket at /realtime/v1/websocket, serializer 1.0.0 or 2.0.0): join with bindings, heartbeat,
 * access_token refresh, leave. Each change of the publication `supabase_realtime` goes to a subscriber
 * only if the subscriber may select the row (Supabase Realtime's `realtime.apply_rls`): one round trip
 * per change checks every subscriber, as `authenticated`/`anon` with its JWT claims. No broadcast and no
 * presence (the portal does not use them). docs/realtime.md says how it differs from hosted.
 */

/** Supabase Realtime's defaults (tenant_max_channels_per_client, a Phoenix socket's idle timeout). */
export const MAX_CHANNELS_PER_CONNECTION = 100;
/** Bindings (postgres_changes entries) per channel: each costs a check per change. */
export const MAX_BINDINGS_PER_CHANNEL = 100;
export const IDLE_TIMEOUT_MS = 60_000;
/** A client message larger than this closes the socket (1009); joins and tokens are a few KB. */
export const MAX_MESSAGE_BYTES = 1024 * 1024;
/** A record larger than this is sent without its long values and with an error, as apply_rls does. */
export const MAX_RECORD_BYTES = 1024 * 1024;
/** A client that reads slower than changes arrive is dropped instead of queueing without bound. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const API_KEYS = new Set([ANON_KEY, SERVICE_ROLE_KEY]);
const ROLES = new Set(['anon', 'authenticated', 'service_role']);
const FILTER_OPS = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=', in: '= any' } as const;
type FilterOp = keyof typeof FILTER_OPS;
type Event = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

interface Binding {
  event: string;
  schema: string;
  table?: string;
  filter?: string;
}

interface Filter {
  column: string;
  op: FilterOp;
  /** eq…gte: one value; in: the list. */
  values: string[];
}

interface Subscription {
  id: number;
  event: Event;
  schema: string;
  /** Undefined or '*': every table of the schema. */
  table?: string;
  filter?: Filter;
  channel: Channel;
}

interface Channel {
  topic: string;
  joinRef: string;
  role: string;
  claims: JwtClaims;
  subscriptions: Subscription[];
  expiry?: NodeJS.Timeout;
  connection: Connection;
}

interface Connection {
  socket: WebSocket;
  vsn: '1.0.0' | '2.0.0';
  apiKey: string;
  channels: Map<string, Channel>;
  lastSeen: number;
}

interface Message {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
// standard_conforming_strings is on (the default): only quotes need doubling.
const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** `column=op.value` as realtime-js sends it; in takes `(a,b,"c,d")`. */
export function parseFilter(filter: string): Filter | undefined {
  // A NUL cannot be sent to Postgres in a query: it would fail the whole change for every subscriber.
  if (filter.includes('\0')) return undefined;
  const match = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(filter);
  if (!match) return undefined;
  const [, column, op, raw] = match as unknown as [string, string, FilterOp, string];
  if (op !== 'in') return { column, op, values: [raw] };
  const list = /^\((.*)\)$/s.exec(raw);
  if (!list) return undefined;
  const values = [...(list[1] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? '').trim(),
  );
  return { column, op, values };
}

/**
 * Whether a subscription's filter surely leaves this row out, decided without Postgres: equality tests
 * (eq, neq, in) on uuid, integer and text columns, whose text forms compare exactly once normalised.
 * Anything else (other operators and types, a value Postgres would reject) returns false and is left to
 * the subscriber's SQL check, which stays the authority for every subscription it keeps. With one bound
 * filter per person (`user_id=eq.<me>`, as the bell listens), a change then costs one check, not one per
 * subscriber.
 */
export function filterExcludes(filter: Filter | undefined, value: FeedValue, typeName: string): boolean {
  if (!filter) return false;
  if (value === null) return true; // NULL = x is never true: the SQL check says the same.
  if (value === undefined || !['eq', 'neq', 'in'].includes(filter.op)) return false;
  const canonical = canonicalValue(typeName);
  if (!canonical) return false;
  const row = canonical(value);
  const wanted = filter.values.map(canonical);
  if (row === undefined || wanted.includes(undefined)) return false;
  const equal = wanted.includes(row);
  return filter.op === 'neq' ? equal : !equal;
}

function canonicalValue(typeName: string): ((text: string) => string | undefined) | undefined {
  switch (typeName) {
    case 'uuid':
      return (text) => {
        const hex = text.trim().replace(/^\{|\}$/g, '').replace(/-/g, '').toLowerCase();
        return /^[0-9a-f]{32}$/.test(hex) ? hex : undefined;
      };
    case 'int2':
    case 'int4':
    case 'int8':
      return (text) => (/^\s*[+-]?\d+\s*$/.test(text) ? BigInt(text.trim()).toString() : undefined);
    case 'text':
    case 'varchar':
      return (text) => text;
    default:
      return undefined;
  }
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Why a token is refused, in Supabase Realtime's words; undefined when it is good. */
async function checkToken(token: string): Promise<{ claims: JwtClaims } | { reason: string }> {
  const verified = await verifyJwt(token);
  if (!verified.ok) {
    if (verified.reason === 'expired') {
      const exp = Number(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}').exp);
      return { reason: `InvalidJWTToken: Token has expired ${nowSeconds() - exp} seconds ago` };
    }
    return { reason: token.split('.').length === 3 ? 'JwtSignatureError: Failed to validate JWT signature' : 'MalformedJWT: The token provided is not a valid JWT' };
  }
  const { claims } = verified;
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' };
  }
  if (!ROLES.has(claims.role)) return { reason: `Unauthorized: role ${claims.role} is not allowed` };
  return { claims };
}

interface TypeName {
  /** pg_type.typname, as Realtime's `columns` give it (int4, timestamptz…). */
  name: string;
  /** What a cast names (integer, timestamp with time zone, public.my_enum…). */
  cast: string;
}

export class Realtime {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly connections = new Set<Connection>();
  private readonly types = new Map<number, TypeName>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly feed: { wake(): void; stop(): Promise<void> };
  private feedUp = false;
  private nextId = 1;

  constructor(
    private readonly pool: pg.Pool,
    idleTimeoutMs = IDLE_TIMEOUT_MS,
  ) {
    this.feed = startFeed({
      onTransaction: (transaction) => this.dispatch(transaction),
      listening: () => [...this.connections].some((connection) => connection.channels.size > 0),
      onUp: () => {
        this.feedUp = true;
      },
      onDown: () => {
        this.feedUp = false;
        // Changes are missed until the feed is back: every channel errors, realtime-js rejoins it, and
        // the app refetches on SUBSCRIBED.
        for (const connection of this.connections) {
          for (const channel of [...connection.channels.values()]) {
            this.send(connection, { join_ref: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_error', payload: {} });
            this.dropChannel(channel);
          }
        }
      },
    });
    // Silent sockets (a client that vanished without closing) are dropped, as Phoenix does.
    this.sweeper = setInterval(
      () => {
        const limit = Date.now() - idleTimeoutMs;
        for (const connection of this.connections) if (connection.lastSeen < limit) connection.socket.terminate();
      },
      Math.min(5_000, idleTimeoutMs / 2),
    );
    this.sweeper.unref();
  }

  /** The gateway's `upgrade` for /realtime/v1/websocket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
    const apiKey = url.searchParams.get('apikey') ?? '';
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    const refuse = (status: number, message: string) => {
      socket.end(`HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Bad Request'}\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n${JSON.stringify({ message })}`);
    };
    if (!API_KEYS.has(apiKey)) return refuse(401, apiKey ? 'Invalid authentication credentials' : 'No API key found in request');
    if (vsn !== '1.0.0' && vsn !== '2.0.0') return refuse(400, `Unsupported serializer version: ${vsn}`);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, vsn, apiKey));
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const connection of this.connections) connection.socket.terminate();
    this.wss.close();
    await this.feed.stop();
  }

  private accept(socket: WebSocket, vsn: '1.0.0' | '2.0.0', apiKey: string): void {
    const connection: Connection = { socket, vsn, apiKey, channels: new Map(), lastSeen: Date.now() };
    this.connections.add(connection);
    socket.on('message', (data: RawData, isBinary: boolean) => {
      connection.lastSeen = Date.now();
      if (isBinary) return; // binary frames carry broadcasts, which this subset has not.
      let message: Message;
      try {
        message = this.decode(connection, data.toString());
      } catch {
        socket.close(1003, 'invalid message');
        return;
      }
      this.handle(connection, message).catch((error: unknown) => {
        console.error(`[realtime] ${message.event} failed: ${error instanceof Error ? error.message : String(error)}`);
        this.reply(connection, message, 'error', { reason: 'Unknown Error on Channel' });
      });
    });
    socket.on('close', () => {
      this.connections.delete(connection);
      for (const channel of [...connection.channels.values()]) this.dropChannel(channel);
    });
    socket.on('error', () => socket.terminate());
  }

  private decode(connection: Connection, text: string): Message {
    const parsed: unknown = JSON.parse(text);
    if (connection.vsn === '2.0.0') {
      if (!Array.isArray(parsed) || parsed.length !== 5) throw new Error('not a 2.0.0 message');
      const [join_ref, ref, topic, event, payload] = parsed as [string | null, string | null, string, string, Record<string, unknown>];
      return { join_ref, ref, topic: String(topic), event: String(event), payload: payload ?? {} };
    }
    const object = parsed as Partial<Message>;
    return { join_ref: object.join_ref ?? null, ref: object.ref ?? null, topic: String(object.topic), event: String(object.event), payload: object.payload ?? {} };
  }

  private send(connection: Connection, message: Message): void {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    const { join_ref, ref, topic, event, payload } = message;
    socket.send(JSON.stringify(connection.vsn === '2.0.0' ? [join_ref, ref, topic, event, payload] : message));
  }

  private reply(connection: Connection, to: Message, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.send(connection, { join_ref: to.join_ref, ref: to.ref, topic: to.topic, event: 'phx_reply', payload: { status, response } });
  }

  private system(channel: Channel, extension: string, status: 'ok' | 'error', message: string): void {
    this.send(channel.connection, {
      join_ref: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: { extension, status, message, channel: channel.topic.replace(/^realtime:/, '') },
    });
  }

  /** Ends a channel from the server side: a system error saying why, then phx_close (Realtime's shutdown_response). */
  private shutDown(channel: Channel, reason: string): void {
    this.system(channel, 'system', 'error', reason);
    this.send(channel.connection, { join_ref: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
    this.dropChannel(channel);
  }

  private dropChannel(channel: Channel): void {
    clearTimeout(channel.expiry);
    if (channel.connection.channels.get(channel.topic) === channel) channel.connection.channels.delete(channel.topic);
  }

  /** Ends the channel when its token expires (Realtime's confirm_token). */
  private watchExpiry(channel: Channel): void {
    clearTimeout(channel.expiry);
    const ms = Math.max(0, (channel.claims.exp ?? 0) * 1000 - Date.now());
    channel.expiry = setTimeout(() => {
      this.shutDown(channel, `Token has expired ${nowSeconds() - (channel.claims.exp ?? 0)} seconds ago`);
    }, Math.min(ms, 2 ** 31 - 1));
    channel.expiry.unref();
  }

  private async handle(connection: Connection, message: Message): Promise<void> {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.reply(connection, message, 'ok', {});
      return;
    }
    const channel = connection.channels.get(message.topic);
    switch (message.event) {
      case 'phx_join':
        return this.join(connection, message);
      case 'phx_leave':
        if (channel) this.dropChannel(channel);
        return this.reply(connection, message, 'ok', {});
      case 'access_token': {
        const token = message.payload.access_token;
        if (!channel || typeof token !== 'string' || token.startsWith('sb_')) return;
        const checked = await checkToken(token);
        if ('reason' in checked) return this.shutDown(channel, checked.reason.replace(/^[A-Za-z]+: /, ''));
        channel.claims = checked.claims;
        channel.role = checked.claims.role as string;
        this.watchExpiry(channel);
        return;
      }
      default:
        // Broadcast and presence are not served: the sender hears so instead of waiting for its timeout.
        if (message.ref) this.reply(connection, message, 'error', { reason: `${message.event} is not supported by the local Realtime` });
    }
  }

  private async join(connection: Connection, message: Message): Promise<void> {
    const refuse = (reason: string) => this.reply(connection, message, 'error', { reason });
    if (message.topic === 'realtime:' || !message.topic.startsWith('realtime:')) return refuse('You must provide a topic name');
    const previous = connection.channels.get(message.topic);
    if (previous) {
      // Phoenix: joining a topic again closes the earlier join.
      this.send(connection, { join_ref: previous.joinRef, ref: previous.joinRef, topic: previous.topic, event: 'phx_close', payload: {} });
      this.dropChannel(previous);
    }
    if (connection.channels.size >= MAX_CHANNELS_PER_CONNECTION) return refuse('ChannelRateLimitReached: Too many channels');
    if (!this.feedUp) return refuse('Realtime was unable to connect to the project database');
    const config = (message.payload.config ?? {}) as { postgres_changes?: Binding[]; private?: boolean };
    if (config.private) return refuse('PrivateOnly: private channels (broadcast and presence authorization) are not supported by the local Realtime');
    const token = typeof message.payload.access_token === 'string' ? message.payload.access_token : connection.apiKey;
    const checked = await checkToken(token);
    if ('reason' in checked) return refuse(checked.reason);

    const channel: Channel = {
      topic: message.topic,
      joinRef: message.join_ref ?? message.ref ?? '',
      role: checked.claims.role as string,
      claims: checked.claims,
      subscriptions: [],
      connection,
    };
    const bindings = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter(Boolean) : [];
    if (bindings.length > MAX_BINDINGS_PER_CHANNEL) return refuse(`Too many postgres_changes bindings (at most ${MAX_BINDINGS_PER_CHANNEL})`);
    const problems: string[] = [];
    for (const binding of bindings) {
      const event = String(binding.event ?? '*').toUpperCase();
      const filter = binding.filter ? parseFilter(binding.filter) : undefined;
      if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) problems.push(`unknown event ${binding.event}`);
      if (binding.filter && !filter) problems.push(`Error parsing \`filter\` params: ${binding.filter}`);
      channel.subscriptions.push({
        id: this.nextId++,
        event: event as Event,
        schema: binding.schema ?? 'public',
        table: binding.table && binding.table !== '*' ? binding.table : undefined,
        filter,
        channel,
      });
    }
    problems.push(...(await this.checkTables(channel.subscriptions)));

    const wasIdle = ![...this.connections].some((c) => c.channels.size > 0);
    connection.channels.set(channel.topic, channel);
    // The feed polls every second while nobody listens: back to every 100 ms now, not a second later.
    if (wasIdle) this.feed.wake();
    this.watchExpiry(channel);
    this.reply(connection, message, 'ok', {
      postgres_changes: bindings.map((binding, i) => ({ ...binding, id: channel.subscriptions[i]?.id })),
    });
    if (bindings.length === 0) return;
    if (problems.length > 0) {
      // As Realtime: the join stands, the bindings get nothing, and a system message says why.
      channel.subscriptions = [];
      this.system(channel, 'postgres_changes', 'error', `Unable to subscribe to changes with given parameters: ${problems.join('; ')}`);
    } else {
      this.system(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
  }

  /** Each named table exists, and each filtered column is one of its columns. */
  private async checkTables(subscriptions: Subscription[]): Promise<string[]> {
    const problems: string[] = [];
    for (const subscription of subscriptions) {
      if (!subscription.table) {
        if (subscription.filter) problems.push('a filter needs a table');
        continue;
      }
      const { rows } = await this.pool.query<{ columns: string[] | null }>(
        `select array(select attname::text from pg_attribute where attrelid = c.oid and attnum > 0 and not attisdropped) as columns
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relname = $2`,
        [subscription.schema, subscription.table],
      );
      const columns = rows[0]?.columns;
      if (!columns) problems.push(`no table ${subscription.schema}.${subscription.table}`);
      else if (subscription.filter && !columns.includes(subscription.filter.column)) {
        problems.push(`no column ${subscription.filter.column} in ${subscription.schema}.${subscription.table}`);
      }
    }
    return problems;
  }

  private subscribersOf(change: FeedChange): Subscription[] {
    const found: Subscription[] = [];
    for (const connection of this.connections) {
      for (const channel of connection.channels.values()) {
        for (const subscription of channel.subscriptions) {
          if (subscription.event !== '*' && subscription.event !== change.type) continue;
          if (subscription.schema !== '*' && subscription.schema !== change.relation.schema) continue;
          if (subscription.table && subscription.table !== change.relation.table) continue;
          found.push(subscription);
        }
      }
    }
    return found;
  }

  private async typeNames(relation: FeedRelation): Promise<TypeName[]> {
    const missing = relation.columns.map((c) => c.typeOid).filter((oid) => !this.types.has(oid));
    if (missing.length > 0) {
      const { rows } = await this.pool.query<{ oid: number; name: string; cast: string }>(
        'select oid::int as oid, typname::text as name, oid::regtype::text as cast from pg_type where oid = any($1::oid[])',
        [missing],
      );
      for (const row of rows) this.types.set(row.oid, { name: row.name, cast: row.cast });
    }
    return relation.columns.map((c) => this.types.get(c.typeOid) ?? { name: 'text', cast: 'text' });
  }

  private async dispatch(transaction: FeedTransaction): Promise<void> {
    for (const change of transaction.changes) {
      try {
        await this.dispatchChange(change, transaction.commitTimestamp);
      } catch (error) {
        console.error(`[realtime] a change of ${change.relation.schema}.${change.relation.table} was not sent: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /**
   * One round trip for a change: a DO block checks each subscriber as its role with its claims (row
   * security for INSERT and UPDATE; the filter for all), then one select returns who may see it, the
   * record and old record as typed JSON, whether the table has row security, and each role's selectable
   * columns. A statement per subscriber, so `(select auth.uid())` in a policy is evaluated for each.
   */
  private async dispatchChange(change: FeedChange, commitTimestamp: Date): Promise<void> {
    const { relation } = change;
    const candidates = this.subscribersOf(change);
    if (candidates.length === 0) return;
    const types = await this.typeNames(relation);
    // The row as it was written (or, for a delete, its key) decides both the key lookup and the filter.
    const row = change.type === 'DELETE' ? change.old : change.record;
    const subscribers = candidates.filter(({ filter }) => {
      const index = filter ? relation.columns.findIndex((c) => c.name === filter.column) : -1;
      return !filterExcludes(filter, index < 0 ? undefined : row?.[index], types[index]?.name ?? '');
    });
    if (subscribers.length === 0) return;
    const table = `${quoteIdent(relation.schema)}.${quoteIdent(relation.table)}`;
    const valueSql = (value: FeedValue, i: number) => (value == null ? 'null' : `${quoteLiteral(value)}::${types[i]?.cast ?? 'text'}`);
    const rowSql = (values: FeedValue[] | undefined) => {
      if (!values) return 'null::jsonb';
      const columns = relation.columns.flatMap((column, i) => (values[i] === undefined ? [] : [`${valueSql(values[i], i)} as ${quoteIdent(column.name)}`]));
      return `(select to_jsonb(r) from (select ${columns.join(', ')}) r)`;
    };
    const keyValues = relation.columns.flatMap((column, i) => (column.isKey && row?.[i] != null ? [`${quoteIdent(column.name)} = ${valueSql(row[i], i)}`] : []));
    const visible =
      change.type === 'DELETE'
        ? 'true' // Realtime cannot check row security on a deleted row: deletes go to every subscriber (key only).
        : keyValues.length > 0
          ? `exists (select 1 from ${table} where ${keyValues.join(' and ')})`
          : 'false';
    const filterSql = (filter: Filter | undefined) => {
      if (!filter) return 'true';
      const index = relation.columns.findIndex((c) => c.name === filter.column);
      const value = row?.[index];
      if (index < 0 || value == null) return 'false';
      const cast = types[index]?.cast ?? 'text';
      if (filter.op === 'in') return `${valueSql(value, index)} = any(array[${filter.values.map((v) => `${quoteLiteral(v)}::${cast}`).join(', ')}])`;
      return `${valueSql(value, index)} ${FILTER_OPS[filter.op]} ${quoteLiteral(filter.values[0] ?? '')}::${cast}`;
    };
    const checks = subscribers.map((subscription, i) => {
      const check = `select (${visible}) and coalesce(${filterSql(subscription.filter)}, false)`;
      return `
  begin
    perform set_config('role', ${quoteLiteral(subscription.channel.role)}, true),
            set_config('request.jwt.claims', ${quoteLiteral(JSON.stringify(subscription.channel.claims))}, true);
    execute ${quoteLiteral(check)} into ok;
    if ok then seen := seen || ${i}; end if;
  exception when others then
    null; -- a check that fails (no privilege, a bad filter value) sends nothing.
  end;`;
    });
    let tag = 'rt';
    const body = `declare ok boolean; seen int[] := '{}';
begin${checks.join('')}
  perform set_config('role', 'none', true), set_config('local_realtime.visible', array_to_string(seen, ','), true);
end`;
    while (body.includes(`$${tag}$`)) tag += 'x';
    const roles = [...new Set(subscribers.map((s) => s.channel.role))];
    const sql = `do $${tag}$ ${body} $${tag}$;
select current_setting('local_realtime.visible', true) as visible,
       ${rowSql(change.record)} as record,
       ${rowSql(change.old)} as old_record,
       (select relrowsecurity from pg_class where oid = ${relation.relid}) as rls,
       (select jsonb_object_agg(role, array(select attname from pg_attribute
                 where attrelid = ${relation.relid} and attnum > 0 and not attisdropped
                   and has_column_privilege(role, attrelid, attnum, 'SELECT')))
          from unnest(array[${roles.map(quoteLiteral).join(', ')}]::text[]) role) as selectable;`;
    const results = (await this.pool.query(sql)) as unknown as pg.QueryResult[];
    const answer = results[results.length - 1]?.rows[0] as
      | { visible: string | null; record: Record<string, unknown> | null; old_record: Record<string, unknown> | null; rls: boolean; selectable: Record<string, string[]> }
      | undefined;
    if (!answer?.visible) return;
    const seen = answer.visible.split(',').map(Number);
    const keyNames = new Set(relation.columns.filter((c) => c.isKey).map((c) => c.name));

    // One payload per role (its selectable columns); one message per channel, naming its bindings.
    const byChannel = new Map<Channel, number[]>();
    for (const i of seen) {
      const subscription = subscribers[i];
      if (!subscription) continue;
      byChannel.set(subscription.channel, [...(byChannel.get(subscription.channel) ?? []), subscription.id]);
    }
    const payloads = new Map<string, Record<string, unknown>>();
    const payloadFor = (role: string) => {
      let data = payloads.get(role);
      if (data) return data;
      const selectable = new Set(answer.selectable[role] ?? []);
      const pick = (record: Record<string, unknown> | null, keysOnly: boolean) =>
        Object.fromEntries(Object.entries(record ?? {}).filter(([name]) => selectable.has(name) && (!keysOnly || keyNames.has(name))));
      data = {
        schema: relation.schema,
        table: relation.table,
        commit_timestamp: commitTimestamp.toISOString(),
        type: change.type,
        columns: relation.columns.flatMap((c, i) => (selectable.has(c.name) ? [{ name: c.name, type: types[i]?.name }] : [])),
        errors: null as string[] | null,
      };
      if (change.type !== 'DELETE') data.record = pick(answer.record, false);
      if (change.type === 'UPDATE') data.old_record = pick(answer.old_record, false);
      // With row security on, a delete's old record is only its key (replica identity full or not).
      if (change.type === 'DELETE') data.old_record = pick(answer.old_record, answer.rls);
      if (JSON.stringify(data).length > MAX_RECORD_BYTES) {
        const short = (record: unknown) =>
          Object.fromEntries(Object.entries((record ?? {}) as Record<string, unknown>).filter(([, v]) => JSON.stringify(v ?? null).length <= 64));
        if (data.record) data.record = short(data.record);
        if (data.old_record) data.old_record = short(data.old_record);
        data.errors = ['Error 413: Payload Too Large'];
      }
      payloads.set(role, data);
      return data;
    };
    for (const [channel, ids] of byChannel) {
      this.send(channel.connection, {
        join_ref: channel.joinRef,
        ref: null,
        topic: channel.topic,
        event: 'postgres_changes',
        payload: { ids, data: payloadFor(channel.role) },
      });
    }
  }
}
