import type { CognitoAction, RouteGrants } from '@storyloom/functions/routes';
import type { Metafile } from 'esbuild';

/**
 * What a handler bundle actually calls in AWS, read from esbuild's metafile: the SDK command modules
 * that survive tree shaking (bytes in the output). The SDK packages are side-effect free and the
 * clients in functions/src/lib/clients/ are pure-annotated, so a client or command a handler never
 * reaches is not in its bundle, and one it reaches is.
 */
export interface SdkUse {
  table?: 'read' | 'readwrite';
  media?: 'read' | 'readwrite';
  /** IAM-checked Cognito calls (Admin*, ListUsers…); the public-client calls need no grant. */
  cognito: string[];
  mail: boolean;
  queue: boolean;
  secrets: boolean;
  /** Lambda Invoke (a private function; which one, the grant names). */
  invoke: boolean;
  /** SDK clients the grant vocabulary has no word for (a new service needs a new grant kind). */
  unknownClients: string[];
}

const DYNAMO_WRITES = new Set([
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'ExecuteStatement',
  'BatchExecuteStatement',
  'ExecuteTransaction',
]);
/** Pulled in by lib-dynamodb and the client themselves whatever the handler calls; Scan is never granted. */
const DYNAMO_IGNORED = new Set(['Scan', 'DescribeEndpoints']);
const S3_WRITES = new Set([
  'PutObject',
  'CopyObject',
  'DeleteObject',
  'DeleteObjects',
  'CreateMultipartUpload',
  'UploadPart',
  'CompleteMultipartUpload',
  'AbortMultipartUpload',
]);
/** S3 Express sessions: the client carries the command for directory buckets, unused here. */
const S3_IGNORED = new Set(['CreateSession']);
/** Cognito calls authorized by IAM (the rest are the public client's own API, authorized by tokens). */
const iamCognitoCall = (name: string) =>
  name.startsWith('Admin') || name.startsWith('List') || name.startsWith('Describe');

const KNOWN_CLIENTS = new Set([
  'client-dynamodb',
  'client-s3',
  'client-cognito-identity-provider',
  'client-sesv2',
  'client-ses',
  'client-sqs',
  'client-secrets-manager',
  'client-lambda',
]);

/** The SDK use of one bundle (one output of the metafile). */
export function sdkUseOf(output: Metafile['outputs'][string]): SdkUse {
  const use: SdkUse = { cognito: [], mail: false, queue: false, secrets: false, invoke: false, unknownClients: [] };
  const clients = new Set<string>();
  let providerSecrets = false;
  let door = false;
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    if (bytesInOutput === 0) continue;
    // Provider secrets are fetched through Powertools' secrets provider (functions/src/lib/secrets.ts).
    if (/node_modules\/@aws-lambda-powertools\/parameters\/lib\/esm\/secrets\//.test(input)) providerSecrets = true;
    if (/functions\/src\/lib\/edge\.ts$/.test(input)) door = true;
    if (/node_modules\/@aws-sdk\/s3-presigned-post\//.test(input)) use.media = 'readwrite';
    const pkg = /node_modules\/@aws-sdk\/(client-[a-z0-9-]+)\//.exec(input)?.[1];
    if (!pkg) continue;
    clients.add(pkg);
    const command = /\/commands\/(\w+)Command\.js$/.exec(input)?.[1];
    if (pkg === 'client-dynamodb') {
      if (command && DYNAMO_WRITES.has(command)) use.table = 'readwrite';
      else if (!command || !DYNAMO_IGNORED.has(command)) use.table ??= 'read';
    } else if (pkg === 'client-s3' && command && !S3_IGNORED.has(command)) {
      use.media = S3_WRITES.has(command) || use.media === 'readwrite' ? 'readwrite' : 'read';
    } else if (pkg === 'client-cognito-identity-provider' && command && iamCognitoCall(command)) {
      if (!use.cognito.includes(command)) use.cognito.push(command);
    } else if (pkg === 'client-sqs' && command?.startsWith('SendMessage')) {
      use.queue = true;
    } else if (pkg === 'client-lambda' && command === 'Invoke') {
      use.invoke = true;
    }
  }
  if (clients.has('client-dynamodb')) use.table ??= 'read';
  use.mail = clients.has('client-sesv2') || clients.has('client-ses');
  // Every route reads the origin secret (lib/edge.ts, granted to every route function by the stack, not
  // declared); a declared secret is one read through lib/secrets.ts (Powertools), or Secrets Manager used elsewhere.
  use.secrets = providerSecrets || (clients.has('client-secrets-manager') && !door);
  use.unknownClients = [...clients].filter((c) => !KNOWN_CLIENTS.has(c)).sort();
  use.cognito.sort();
  return use;
}

/** Function id -> SDK use, for a metafile whose entry points are named `<id>/index` (see bundle.ts). */
export function sdkUseByFunction(metafile: Metafile): Record<string, SdkUse> {
  const result: Record<string, SdkUse> = {};
  for (const [path, output] of Object.entries(metafile.outputs)) {
    const id = /(?:^|\/)([^/]+)\/index\.m?js$/.exec(path)?.[1];
    if (id && output.entryPoint) result[id] = sdkUseOf(output);
  }
  return result;
}

const asList = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? (value as readonly T[]) : [value as T];

/**
 * What a function's grants fail to cover (`missing`: the function would be denied at run time, or
 * worse, the declaration hides a use) and what they give beyond its use (`unused`: least privilege).
 */
export function compareGrants(use: SdkUse, grants: RouteGrants = {}): { missing: string[]; unused: string[] } {
  const missing: string[] = [];
  const unused: string[] = [];
  const rank = { read: 1, readwrite: 2 } as const;
  for (const [kind, label] of [
    ['table', 'the table'],
    ['media', 'the media bucket'],
  ] as const) {
    const used = use[kind];
    const declared = grants[kind];
    if (used && (!declared || rank[declared] < rank[used])) missing.push(`${kind}: '${used}' (${label})`);
    if (declared && (!used || rank[declared] > rank[used]))
      unused.push(`${kind}: '${declared}' (uses ${used ?? 'none'})`);
  }
  const declaredCognito = new Set<string>(grants.cognito ?? []);
  const notDeclared = use.cognito.filter((action) => !declaredCognito.has(action));
  if (notDeclared.length > 0) missing.push(`cognito: ${notDeclared.join(', ')}`);
  const notUsed = [...declaredCognito].filter((action) => !use.cognito.includes(action as CognitoAction));
  if (notUsed.length > 0) unused.push(`cognito: ${notUsed.join(', ')}`);
  for (const [kind, used, declared] of [
    ['mail', use.mail, grants.mail === true],
    ['queue', use.queue, asList(grants.queue).length > 0],
    ['secrets', use.secrets, asList(grants.secrets).length > 0],
    ['invoke', use.invoke, asList(grants.invoke).length > 0],
  ] as const) {
    if (used && !declared) missing.push(kind);
    if (declared && !used) unused.push(kind);
  }
  for (const client of use.unknownClients) missing.push(`${client} (no grant kind for this service: add one)`);
  return { missing, unused };
}

/** One line per function whose grants miss something it uses; empty when every function is covered. */
export function missingGrants(
  uses: Record<string, SdkUse>,
  grantsById: Record<string, RouteGrants | undefined>,
): string[] {
  return Object.entries(uses).flatMap(([id, use]) => {
    const { missing } = compareGrants(use, grantsById[id]);
    return missing.length > 0 ? [`${id}: uses ${missing.join('; ')} without declaring it`] : [];
  });
}
