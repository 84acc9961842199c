import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';
import { Gate } from './dynalite-gate.ts';

/**
 * TransactWriteItems for the DynamoDB stand-in (docs/local-stand-ins.md, "Transactions"), which dynalite 4
 * lacks. It runs in front of dynalite's HTTP handler and does its work with dynalite's own parts: the
 * request validations of PutItem/UpdateItem/DeleteItem (expressions parsed as dynalite parses them), its
 * condition evaluation (`checkConditional`) and its actions (which keep the indexes). All or nothing:
 *
 * 1. every ordinary request holds a shared gate while dynalite handles it; a transaction holds it alone,
 *    so no other request reads or writes between its checks and its writes (serialisable, as in DynamoDB);
 * 2. it reads every item it touches (the snapshot) and checks every condition against it; one failure
 *    cancels the whole (`TransactionCanceledException`, one `CancellationReasons` entry per action);
 * 3. it applies the actions in order with dynalite's actions; one that fails (a type mismatch, an item
 *    over 400 KB) puts the items already written back as the snapshot had them, then cancels.
 *
 * What AWS does and this does not: the 4 MB request cap, `ConsumedCapacity`/`ItemCollectionMetrics` in
 * the answer, `TransactionConflictException` (transactions here wait for each other instead), and a process
 * killed midway through step 3 can leave part of a transaction written (LevelDB writes item by item).
 * dynalite is pinned to an exact version in infra/package.json: this reaches into its modules.
 */

const cjsRequire = createRequire(import.meta.url);

/** An item or key in DynamoDB's JSON (`{ name: { S: '…' } }`). */
type AttributeMap = Record<string, Record<string, unknown>>;
type Callback<T> = (err: DynaliteError | null | undefined, result?: T) => void;
/** dynalite's errors carry the HTTP status and the JSON body it answers with. */
interface DynaliteError extends Error {
  statusCode?: number;
  body?: { __type: string; message?: string; Message?: string };
}
interface Table {
  KeySchema: Array<{ AttributeName: string }>;
}
export interface DynaliteStore {
  getTable(name: string, cb: Callback<Table>): void;
}
type Action = (store: DynaliteStore, data: Record<string, unknown>, cb: Callback<{ Item?: AttributeMap }>) => void;
interface Validation {
  types: Record<string, unknown>;
  custom?: unknown;
}
type OpName = 'putItem' | 'updateItem' | 'deleteItem' | 'getItem';

/** The parts of dynalite used here (dynalite/db, dynalite/validations, dynalite/actions/*), loaded on first use. */
let loaded:
  | {
      db: {
        create(options: unknown): DynaliteStore;
        validateKey(key: unknown, table: Table): DynaliteError | null | undefined;
        validateItem(item: unknown, table: Table): DynaliteError | null | undefined;
        createKey(item: unknown, table: Table): string;
        checkConditional(
          data: Record<string, unknown>,
          item: AttributeMap | undefined,
        ): DynaliteError | null | undefined;
      };
      validations: {
        checkTypes(data: unknown, types: Record<string, unknown>): Record<string, unknown>;
        checkValidations(data: unknown, types: Record<string, unknown>, custom: unknown, store: DynaliteStore): void;
      };
      ops: Record<OpName, { run: Action; check: Validation }>;
    }
  | undefined;
function dynaliteParts(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const fromDynalite = createRequire(cjsRequire.resolve('dynalite'));
  const op = (name: OpName) => ({
    run: fromDynalite(`./actions/${name}`) as Action,
    check: fromDynalite(`./validations/${name}`) as Validation,
  });
  loaded = {
    db: fromDynalite('./db'),
    validations: fromDynalite('./validations'),
    ops: { putItem: op('putItem'), updateItem: op('updateItem'), deleteItem: op('deleteItem'), getItem: op('getItem') },
  };
  return loaded;
}

type Dynalite = (options: Record<string, unknown>) => http.Server;

/** dynalite(options), and the store it made (its handler keeps it in a closure). */
export function dynaliteWithStore(options: Record<string, unknown>): { server: http.Server; store: DynaliteStore } {
  const { db } = dynaliteParts();
  const create = db.create;
  let store: DynaliteStore | undefined;
  db.create = (o: unknown) => {
    store = create(o);
    return store;
  };
  try {
    const server = (cjsRequire('dynalite') as Dynalite)(options);
    if (!store) throw new Error('dynalite made no store: not the pinned version?');
    return { server, store };
  } finally {
    db.create = create;
  }
}

const TARGET = 'DynamoDB_20120810.TransactWriteItems';
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;
/** How long a ClientRequestToken is remembered (AWS: 10 minutes). */
const TOKEN_MS = 10 * 60 * 1000;

/**
 * Puts the gate and TransactWriteItems in front of dynalite's request handler. Call before anything else
 * wraps the server's 'request' listeners.
 */
export function addTransactWriteItems(server: http.Server, store: DynaliteStore): void {
  const gate = new Gate();
  const tokens = new Map<string, { fingerprint: string; until: number; ok: boolean }>();
  const listeners = server.listeners('request') as http.RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method === 'POST' && req.headers['x-amz-target'] === TARGET) {
      transact(req, res, store, gate, tokens).catch((error: Error) => {
        // The request stream failed (the client went away): nothing was written, nobody to answer.
        if (!res.headersSent)
          send(res, 500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: error.message });
      });
      return;
    }
    // dynalite reads the body once it has the request; until then it waits, unread, in the socket.
    void gate.enterShared().then((leave) => {
      // Held until dynalite answers (every path of its handler ends the response), not until the socket
      // closes: a client that gives up early does not stop dynalite's write.
      const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
      res.end = ((...args: unknown[]) => {
        leave();
        return end(...args);
      }) as typeof res.end;
      for (const listener of listeners) listener.call(server, req, res);
    });
  });
}

async function transact(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  store: DynaliteStore,
  gate: Gate,
  tokens: Map<string, { fingerprint: string; until: number; ok: boolean }>,
): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_REQUEST_BYTES) chunks.push(chunk as Buffer);
  }
  // dynalite's own cap on a request body (read to the end, so that the answer reaches the client).
  if (size > MAX_REQUEST_BYTES) return send(res, 413, { __type: 'com.amazon.coral.service#SerializationException' });
  let input: unknown;
  try {
    input = JSON.parse(Buffer.concat(chunks).toString());
  } catch {
    return send(res, 400, { __type: 'com.amazon.coral.service#SerializationException' });
  }
  if (!req.headers.authorization?.trim().startsWith('AWS4-')) {
    return send(res, 400, {
      __type: 'com.amazon.coral.service#MissingAuthenticationTokenException',
      message: 'Request is missing Authentication Token',
    });
  }
  const leave = await gate.enterAlone();
  try {
    const answer = await runTransaction(input, store, tokens);
    send(res, answer.status, answer.body);
  } catch (error) {
    const e = error as DynaliteError;
    if (e.statusCode && e.body) send(res, e.statusCode, e.body);
    else send(res, 500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: e.message });
  } finally {
    leave();
  }
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('x-amzn-RequestId', randomBytes(39).toString('base64').toUpperCase().replace(/[+/]/g, '0'));
  res.setHeader('x-amz-crc32', crc32(text));
  res.setHeader('Content-Type', 'application/x-amz-json-1.0');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

const validationError = (message: string): DynaliteError =>
  Object.assign(new Error(message), {
    statusCode: 400,
    body: { __type: 'com.amazon.coral.validate#ValidationException', message },
  });

type Kind = 'Put' | 'Update' | 'Delete' | 'ConditionCheck';
const KINDS: readonly Kind[] = ['Put', 'Update', 'Delete', 'ConditionCheck'];

/** One action of the request, validated as dynalite validates the single-item call it amounts to. */
interface Prepared {
  kind: Kind;
  /** The validated single-item request (its `_condition`, `_updates` parsed by dynalite). */
  data: Record<string, unknown>;
  tableName: string;
  key: AttributeMap;
  /** dynalite's own key string: two actions on one item have the same. */
  itemKey: string;
  returnOld: boolean;
}

/** The request's fields (validated by hand: dynalite has no TransactWriteItems validation to reuse). */
function parseRequest(input: unknown): { items: Array<Record<string, unknown>>; token?: string } {
  const body = (input ?? {}) as Record<string, unknown>;
  const items = body.TransactItems;
  if (!Array.isArray(items)) {
    throw validationError(
      "1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null",
    );
  }
  if (items.length < 1 || items.length > 100) {
    throw validationError(
      `1 validation error detected: Value '${JSON.stringify(items).slice(0, 100)}' at 'transactItems' failed to satisfy constraint: Member must have length ${items.length < 1 ? 'greater than or equal to 1' : 'less than or equal to 100'}`,
    );
  }
  const token = body.ClientRequestToken;
  if (token !== undefined && (typeof token !== 'string' || token.length < 1 || token.length > 36)) {
    throw validationError(
      "1 validation error detected: Value at 'clientRequestToken' failed to satisfy constraint: Member must have length less than or equal to 36",
    );
  }
  return { items: items as Array<Record<string, unknown>>, token };
}

/** The single-item call an action amounts to (a ConditionCheck is validated as a DeleteItem: same fields). */
const singleOp = (kind: Kind): OpName => (kind === 'Put' ? 'putItem' : kind === 'Update' ? 'updateItem' : 'deleteItem');

async function prepare(store: DynaliteStore, element: Record<string, unknown>): Promise<Prepared> {
  const { db, validations, ops } = dynaliteParts();
  const present = KINDS.filter((k) => element?.[k] != null);
  if (present.length !== 1) {
    throw validationError('TransactItems can only contain one of Check, Put, Update or Delete');
  }
  const kind = present[0]!;
  const action = { ...(element[kind] as Record<string, unknown>) };
  const returnOnFailure = action.ReturnValuesOnConditionCheckFailure;
  delete action.ReturnValuesOnConditionCheckFailure;
  if (returnOnFailure !== undefined && returnOnFailure !== 'ALL_OLD' && returnOnFailure !== 'NONE') {
    throw validationError(
      `1 validation error detected: Value '${String(returnOnFailure)}' at 'returnValuesOnConditionCheckFailure' failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]`,
    );
  }
  if (kind === 'ConditionCheck' && !action.ConditionExpression) {
    throw validationError('The parameter ConditionExpression is required for a ConditionCheck');
  }
  if (kind === 'Update' && !action.UpdateExpression) {
    throw validationError('The parameter UpdateExpression is required for an Update');
  }
  // Only the expression forms exist in a transaction (no Expected, AttributeUpdates, ReturnValues).
  const allowed = ['TableName', 'Key', 'Item', 'UpdateExpression', 'ConditionExpression'];
  const single: Record<string, unknown> = {};
  for (const name of [...allowed, 'ExpressionAttributeNames', 'ExpressionAttributeValues']) {
    if (action[name] !== undefined) single[name] = action[name];
  }
  const check = ops[singleOp(kind)].check;
  const data = validations.checkTypes(single, check.types);
  validations.checkValidations(data, check.types, check.custom, store);
  const table = await new Promise<Table>((resolve, reject) =>
    store.getTable(String(data.TableName), (err, t) => (err ? reject(err) : resolve(t!))),
  );
  const invalid = kind === 'Put' ? db.validateItem(data.Item, table) : db.validateKey(data.Key, table);
  if (invalid) throw invalid;
  const source = (kind === 'Put' ? data.Item : data.Key) as AttributeMap;
  const key: AttributeMap = {};
  for (const { AttributeName } of table.KeySchema) key[AttributeName] = source[AttributeName]!;
  return {
    kind,
    data,
    tableName: String(data.TableName),
    key,
    itemKey: db.createKey(source, table),
    returnOld: returnOnFailure === 'ALL_OLD',
  };
}

function call<T>(action: Action, store: DynaliteStore, data: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => action(store, data, (err, out) => (err ? reject(err) : resolve(out as T))));
}

async function runTransaction(
  input: unknown,
  store: DynaliteStore,
  tokens: Map<string, { fingerprint: string; until: number; ok: boolean }>,
): Promise<{ status: number; body: unknown }> {
  const { items, token } = parseRequest(input);
  const prepared: Prepared[] = [];
  for (const element of items) prepared.push(await prepare(store, element));
  const seen = new Set<string>();
  for (const p of prepared) {
    const id = `${p.tableName}\u0000${p.itemKey}`;
    if (seen.has(id)) throw validationError('Transaction request cannot include multiple operations on one item');
    seen.add(id);
  }

  // The idempotency token: the same request again within 10 minutes succeeds without writing again.
  const now = Date.now();
  for (const [t, entry] of tokens) if (entry.until <= now) tokens.delete(t);
  const fingerprint = JSON.stringify(items);
  const earlier = token ? tokens.get(token) : undefined;
  if (earlier && earlier.fingerprint !== fingerprint) {
    throw Object.assign(new Error('idempotent parameter mismatch'), {
      statusCode: 400,
      body: {
        __type: 'com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException',
        message: 'The request uses the same client token as a previous, but non-identical request.',
      },
    });
  }
  if (earlier?.ok) return { status: 200, body: {} };

  const result = await applyAll(store, prepared);
  if (token) tokens.set(token, { fingerprint, until: now + TOKEN_MS, ok: result.status === 200 });
  return result;
}

/** Snapshot, conditions, writes; on a failed write the snapshot is put back. The caller holds the gate alone. */
async function applyAll(store: DynaliteStore, prepared: Prepared[]): Promise<{ status: number; body: unknown }> {
  const { db, ops } = dynaliteParts();
  const snapshot: Array<AttributeMap | undefined> = [];
  for (const p of prepared) {
    const { Item } = await call<{ Item?: AttributeMap }>(ops.getItem.run, store, {
      TableName: p.tableName,
      Key: p.key,
      ConsistentRead: true,
    });
    snapshot.push(Item);
  }
  const failed = prepared.map((p, i) => db.checkConditional(p.data, snapshot[i]) != null);
  if (failed.some(Boolean)) {
    return cancelled(
      prepared.map((p, i) =>
        failed[i]
          ? {
              Code: 'ConditionalCheckFailed',
              Message: 'The conditional request failed',
              ...(p.returnOld && snapshot[i] ? { Item: snapshot[i] } : {}),
            }
          : { Code: 'None' },
      ),
    );
  }
  const written: number[] = [];
  for (const [i, p] of prepared.entries()) {
    if (p.kind === 'ConditionCheck') continue;
    const action = ops[singleOp(p.kind)].run;
    try {
      // The condition stays on: it holds (nothing else ran since the check), and dynalite checks it again.
      await call(action, store, p.data);
      written.push(i);
    } catch (error) {
      await restore(store, prepared, snapshot, written);
      const e = error as DynaliteError;
      if (!e.statusCode) throw error;
      return cancelled(
        prepared.map((_, j) =>
          j === i ? { Code: 'ValidationError', Message: e.body?.message ?? e.message } : { Code: 'None' },
        ),
      );
    }
  }
  return { status: 200, body: {} };
}

/** Puts the items written so far back as the snapshot had them (or deletes them: they did not exist). */
async function restore(
  store: DynaliteStore,
  prepared: Prepared[],
  snapshot: Array<AttributeMap | undefined>,
  written: number[],
): Promise<void> {
  const { ops } = dynaliteParts();
  for (const i of [...written].reverse()) {
    const p = prepared[i]!;
    const before = snapshot[i];
    if (before) await call(ops.putItem.run, store, { TableName: p.tableName, Item: before });
    else await call(ops.deleteItem.run, store, { TableName: p.tableName, Key: p.key });
  }
}

function cancelled(reasons: Array<{ Code: string; Message?: string; Item?: AttributeMap }>) {
  return {
    status: 400,
    body: {
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
      Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
      CancellationReasons: reasons,
    },
  };
}
