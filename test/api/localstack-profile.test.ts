import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_LOCALSTACK_ENDPOINT, externalEndpoints, profileOf } from '../../infra/local/profile.ts';
import { type LocalServices, type SentEmail, startLocalServices } from '../../infra/local/services.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';

/**
 * The LocalStack profile, end to end without Docker: the stand-ins play LocalStack behind ONE port, as
 * LocalStack serves every service on :4566. A small gateway routes each call by the service in its
 * SigV4 credential scope (header or presigned query), `/store` and `/_aws/ses` to SES, anything else
 * (browser uploads) to S3, and counts the calls per service: the numbers behind docs/deploy.md's costs.
 */
let dir: string;
let standIns: LocalServices;
let gateway: Server;
let gatewayUrl: string;
let app: LocalStack;
const calls: Record<string, number> = {};

function serviceOf(url: string, authorization: string | undefined): 'dynamodb' | 's3' | 'sqs' | 'ses' {
  const scope =
    /Credential=[^/]+\/\d{8}\/[^/]+\/([a-z0-9-]+)\/aws4_request/.exec(authorization ?? '')?.[1] ??
    /X-Amz-Credential=[^&]*%2F([a-z0-9-]+)%2Faws4_request/i.exec(url)?.[1];
  if (scope === 'dynamodb' || scope === 'sqs' || scope === 's3') return scope;
  if (scope === 'ses' || scope === 'email') return 'ses';
  if (url.startsWith('/store') || url.startsWith('/_aws/ses')) return 'ses';
  return 's3';
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'storyloom-localstack-'));
  // "LocalStack" without SES (the profile keeps mail on the app's own stand-in; one SES per process).
  standIns = await startLocalServices({ dataDir: join(dir, 'localstack'), external: { ses: 'http://127.0.0.1:9' } });
  gateway = createServer((req, res) => {
    const service = serviceOf(req.url ?? '/', req.headers.authorization);
    // The mailbox page reading the SES list is not a call the app makes in AWS.
    if (!req.url?.startsWith('/store')) calls[service] = (calls[service] ?? 0) + 1;
    const target = new URL(standIns.endpoints[service]);
    // Headers go through untouched (Host included): S3 checks the signature over them.
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;

  const external = externalEndpoints({ STORYLOOM_PROFILE: 'localstack', LOCALSTACK_ENDPOINT: gatewayUrl });
  app = await startLocalStack({
    dataDir: join(dir, 'app'),
    port: 0,
    quiet: true,
    webDir: inject('webDir'),
    visibilityTimeoutSeconds: 1,
    external,
  });
}, 60_000);

afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => (gateway ? gateway.close(() => resolve()) : resolve()));
  gateway?.closeAllConnections();
  await standIns?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function api(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${app.url}/backend${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** Polls the app's mailbox (the embedded SES stand-in's list) until a mail matches. */
async function waitForMail(predicate: (mail: SentEmail) => boolean): Promise<SentEmail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mail = (await (await fetch(`${app.url}/_local/mailbox.json`)).json()) as SentEmail[];
    const found = mail.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail (${mail.length} in the box)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Calls per service made while `run` runs (the gateway counts them). */
async function counted<T>(run: () => Promise<T>): Promise<{ result: T; calls: Record<string, number> }> {
  const before = { ...calls };
  const result = await run();
  const delta = Object.fromEntries(
    Object.entries(calls)
      .map(([service, n]) => [service, n - (before[service] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  );
  return { result, calls: delta };
}

describe('profile selection', () => {
  it('points DynamoDB, S3 and SQS at LocalStack, keeps mail embedded, and never overrides an endpoint the user set', () => {
    expect(profileOf({})).toBe('embedded');
    expect(externalEndpoints({})).toEqual({});
    expect(externalEndpoints({ STORYLOOM_PROFILE: 'localstack' })).toEqual({
      dynamodb: DEFAULT_LOCALSTACK_ENDPOINT,
      s3: DEFAULT_LOCALSTACK_ENDPOINT,
      sqs: DEFAULT_LOCALSTACK_ENDPOINT,
    });
    // SES v2 is not in LocalStack Community: an SES endpoint is used only when the user sets one.
    expect(externalEndpoints({ STORYLOOM_PROFILE: 'localstack', SES_ENDPOINT: 'http://127.0.0.1:4579' }).ses).toBe(
      'http://127.0.0.1:4579',
    );
    expect(
      externalEndpoints({ STORYLOOM_PROFILE: 'localstack', DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' }).dynamodb,
    ).toBe('http://127.0.0.1:8000');
    // Without the profile, a user's endpoint is still respected (the embedded stand-in is not started).
    expect(externalEndpoints({ SQS_ENDPOINT: 'http://127.0.0.1:9324' })).toEqual({ sqs: 'http://127.0.0.1:9324' });
    expect(() => profileOf({ STORYLOOM_PROFILE: 'docker' })).toThrow(/embedded.*localstack/);
  });

  it('hands the handlers the LocalStack endpoint for the three services, and keeps SES and Cognito embedded', () => {
    for (const name of ['DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'SQS_ENDPOINT']) {
      expect(app.env[name], name).toBe(gatewayUrl);
    }
    expect(app.env.SES_ENDPOINT).not.toBe(gatewayUrl);
    expect(app.env.COGNITO_ENDPOINT).not.toBe(gatewayUrl);
  });
});

describe('flows against the LocalStack endpoint', () => {
  it('sends a contact message through the queue there (and the embedded SES)', async () => {
    const marker = `ls${Date.now().toString(36)}`;
    const { result, calls: used } = await counted(async () => {
      const res = await api('POST', '/contact', {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        message: `Hello ${marker}`,
      });
      expect(res.status).toBe(200);
      return waitForMail((m) => m.text.includes(marker));
    });
    expect(result.to).toEqual(['hello@storyloom.local']);
    expect(used.sqs).toBeGreaterThanOrEqual(1);
    expect(used.dynamodb).toBeGreaterThanOrEqual(1);
    console.log('LocalStack profile, POST /contact to delivered mail:', JSON.stringify(used));
  });

  it('registers, verifies, logs in and writes and reads a story there, under the CSP', async () => {
    const username = `ls${Date.now().toString(36)}`.slice(0, 20);
    const creds = { username, email: `${username}@example.com`, password: 'long-enough-password' };
    const register = await counted(async () => {
      expect((await api('POST', '/register', creds)).status).toBe(201);
      return waitForMail((m) => m.to.includes(creds.email) && m.text.includes('/verify-email?token='));
    });
    const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(register.result.text)?.[1];
    expect(token).toBeDefined();
    expect((await api('GET', `/verify-email?token=${token}`)).status).toBe(200);

    const login = await counted(() => api('POST', '/login', { username, password: creds.password }));
    expect(login.result.status).toBe(200);
    const idToken = login.result.body.token as string;

    const story = {
      title: 'The summer at the lake',
      content: 'We drove north in the old car.',
      location: 'Lake Tahoe',
      start_date: '1988-07-01',
      end_date: '1988-07-14',
    };
    const created = await counted(() => api('POST', '/api/stories', story, idToken));
    expect(created.result.status, JSON.stringify(created.result.body)).toBe(201);
    const storyId = created.result.body.ID as string;
    const read = await counted(() => api('GET', `/api/stories/${storyId}`, undefined, idToken));
    expect(read.result.status, JSON.stringify(read.result.body)).toBe(200);
    expect(read.result.body).toMatchObject({ title: story.title, content: story.content });
    const list = await counted(() => api('GET', '/api/stories', undefined, idToken));
    expect(list.result.status).toBe(200);
    // The API answers with the same browser headers CloudFront adds. Media comes through the local
    // server's media gate on the page's own origin (docs/local-mode.md, "Media"), never from LocalStack.
    const csp = read.result.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src 'self';`);
    expect(csp).not.toContain(gatewayUrl);
    console.log(
      'LocalStack profile, AWS calls per request:',
      JSON.stringify({
        register: register.calls,
        login: login.calls,
        createStory: created.calls,
        getStory: read.calls,
        listStories: list.calls,
      }),
    );
  });
});
