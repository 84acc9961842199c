import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mediaWorker, privateFunctions, routeId, routes, worker } from '@storyloom/functions/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseHandlers, handlerEntries, workerFunctionId } from '../lib/bundle.ts';
import { compareGrants, missingGrants, type SdkUse, sdkUseByFunction } from '../lib/grants.ts';
import { REPO_ROOT } from '../lib/paths.ts';

/** What each real handler bundle uses in AWS: one esbuild run over the whole table (a few seconds). */
let uses: Record<string, SdkUse>;
let dir: string;
beforeAll(async () => {
  uses = sdkUseByFunction(await analyseHandlers(handlerEntries(routes, [worker, mediaWorker], privateFunctions)));
  // Inside the repository (cdk.out is git-ignored), so the fixtures resolve the installed AWS SDK.
  await mkdir(join(REPO_ROOT, 'cdk.out'), { recursive: true });
  dir = await mkdtemp(join(REPO_ROOT, 'cdk.out', 'grants-test-'));
  // A stand-in for an SDK client the grant vocabulary has no word for.
  const fake = join(dir, 'node_modules', '@aws-sdk', 'client-fake');
  await mkdir(fake, { recursive: true });
  await writeFile(join(fake, 'package.json'), JSON.stringify({ name: '@aws-sdk/client-fake', main: 'index.js' }));
  await writeFile(join(fake, 'index.js'), 'exports.FakeClient = class { send() { return Promise.resolve(1); } };');
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the route table', () => {
  it('declares grants for every route and worker', () => {
    const undeclared = routes.filter((r) => !r.grants).map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
    for (const w of [worker, mediaWorker]) expect(w.grants, w.handler).toBeDefined();
  });

  it('grants every route what its bundle uses, and nothing it does not', () => {
    const problems: string[] = [];
    for (const route of routes) {
      const use = uses[routeId(route)];
      expect(use, routeId(route)).toBeDefined();
      const { missing, unused } = compareGrants(use!, route.grants);
      if (missing.length) problems.push(`${route.method} ${route.path}: uses ${missing.join('; ')} undeclared`);
      if (unused.length) problems.push(`${route.method} ${route.path}: declares ${unused.join('; ')} unused`);
    }
    for (const w of [worker, mediaWorker]) {
      const id = workerFunctionId(w);
      const result = compareGrants(uses[id]!, w.grants);
      if (result.missing.length) problems.push(`${id}: uses ${result.missing.join('; ')} undeclared`);
      if (result.unused.length) problems.push(`${id}: declares ${result.unused.join('; ')} unused`);
    }
    for (const fn of privateFunctions) {
      const result = compareGrants(uses[fn.id]!, fn.grants);
      if (result.missing.length) problems.push(`${fn.id}: uses ${result.missing.join('; ')} undeclared`);
      if (result.unused.length) problems.push(`${fn.id}: declares ${result.unused.join('; ')} unused`);
    }
    expect(problems).toEqual([]);
  });

  it("keeps every Cognito call of a public route on the client's own API (no IAM permission at all)", () => {
    for (const route of routes.filter((r) => r.auth === 'public')) {
      expect(uses[routeId(route)]?.cognito, `${route.method} ${route.path}`).toEqual([]);
    }
    // The pool trigger calls nothing; the account keeper holds the reset's Admin calls instead of the route.
    expect(uses['pre-sign-up']).toMatchObject({ cognito: [], secrets: false, queue: false, invoke: false });
    expect(uses['pre-sign-up']?.table).toBeUndefined();
    expect(uses[routeId({ method: 'POST', path: '/reset-password' })]).toMatchObject({ invoke: true, cognito: [] });
  });
});

describe('the grant check', () => {
  /** Bundles fixture handlers (real SDK imports) and returns their use. */
  async function useOf(files: Record<string, string>): Promise<Record<string, SdkUse>> {
    const entries: Record<string, string> = {};
    for (const [id, source] of Object.entries(files)) {
      entries[id] = join(dir, `${id}.ts`);
      await writeFile(entries[id], source);
    }
    return sdkUseByFunction(await analyseHandlers(entries));
  }

  it('fails a handler that imports a client its route does not declare', async () => {
    const found = await useOf({
      'sends-to-queue': `
        import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
        import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
        const sqs = new SQSClient({});
        const db = new DynamoDBClient({});
        export const handler = async () => {
          await db.send(new GetItemCommand({ TableName: 't', Key: {} }));
          await sqs.send(new SendMessageCommand({ QueueUrl: 'q', MessageBody: '{}' }));
        };`,
    });
    expect(found['sends-to-queue']).toMatchObject({ table: 'read', queue: true });
    expect(missingGrants(found, { 'sends-to-queue': { table: 'read' } })).toEqual([
      'sends-to-queue: uses queue without declaring it',
    ]);
    expect(missingGrants(found, { 'sends-to-queue': { table: 'read', queue: 'jobs' } })).toEqual([]);
  });

  it('tells reads from writes, names Cognito admin calls, and refuses services it has no grant for', async () => {
    const found = await useOf({
      writer: `
        import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
        import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
        import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3';
        import { CognitoIdentityProviderClient, AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
        import { FakeClient } from '@aws-sdk/client-fake';
        const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
        export const handler = async () => {
          await doc.send(new PutCommand({ TableName: 't', Item: {} }));
          await new S3Client({}).send(new GetObjectCommand({ Bucket: 'b', Key: 'k' }));
          await new CognitoIdentityProviderClient({}).send(new AdminDeleteUserCommand({ UserPoolId: 'p', Username: 'u' }));
          await new FakeClient().send();
        };`,
    });
    expect(found.writer).toMatchObject({ table: 'readwrite', media: 'read', cognito: ['AdminDeleteUser'] });
    const { missing } = compareGrants(found.writer!, { table: 'read', media: 'read' });
    expect(missing).toEqual([
      "table: 'readwrite' (the table)",
      'cognito: AdminDeleteUser',
      'client-fake (no grant kind for this service: add one)',
    ]);
  });
});
