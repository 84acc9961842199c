import { request } from 'node:http';
import { CognitoIdentityProviderClient, ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { serverText } from '@storyloom/shared/messages';
import { describe, expect, it } from 'vitest';
import { hostCheck, MAX_LAMBDA_RESPONSE_BYTES, withLambdaResponseCap } from '../../infra/local/stack.ts';
import { useServerEnv } from '../support/env.ts';
import { api, call } from '../support/http.ts';
import { registerAndLogin } from '../support/users.ts';

/** Issue 11: local mode is for one person on one machine, and it fails the way AWS fails. */
describe('local mode answers only its own machine', () => {
  it.each(['/', '/backend/public/stories', '/_local/mailbox.json', '/_local/mailbox'])(
    'refuses %s addressed to another host name (DNS rebinding)',
    async (path) => {
      const res = await call('GET', path, { headers: { host: 'evil.example' } });
      expect(res.status).toBe(421);
      expect(res.text).not.toContain('<!doctype');
    },
  );

  it('answers loopback names', async () => {
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:8080', 'app.localhost']) {
      expect((await call('GET', '/backend/public/stories', { headers: { host } })).status).toBe(200);
    }
  });

  it('accepts only loopback names, the address it listens on and names allowed on purpose', () => {
    const local = hostCheck('127.0.0.1', []);
    expect(['localhost', 'LOCALHOST:3000', '127.0.0.1:3000', '[::1]:3000', 'a.localhost'].every(local)).toBe(true);
    expect(['evil.example', 'localhost.evil.example', '10.0.0.2', '', undefined].some(local)).toBe(false);
    const lan = hostCheck('0.0.0.0', ['nas.home']);
    expect(lan('nas.home:3000')).toBe(true);
    expect(lan('0.0.0.0')).toBe(false);
    expect(lan('evil.example')).toBe(false);
  });
});

describe('malformed paths', () => {
  it('answers a malformed percent-escape with 400, on public and signed-in routes', async () => {
    const user = await registerAndLogin();
    const signedIn = await api('GET', '/api/stories/%E0%A4%A', { token: user.token });
    expect(signedIn.status).toBe(400);
    expect(signedIn.body).toEqual({ error: serverText.malformedPath });
    const open = await api('GET', '/shared/%E0%A4%A');
    expect(open.status).toBe(400);
    const author = await api('GET', '/public/author/%E0%A4');
    expect(author.status).toBe(400);
  });

  // Issue 18: the same addresses outside a route parameter, on the web app and the API (local mode runs
  // what the edge functions do in AWS: infra/lib/edge, unit-tested in infra/test/edge.test.ts).
  it.each(['/%', '/stories/%E0%A4%A', '/assets/%', '/assets/app-%zz.js', '/dashboard/%C3'])(
    "answers the web path %s with 400 and the app's page, never 500",
    async (path) => {
      for (const method of ['GET', 'HEAD']) {
        const res = await call(method, path);
        expect(res.status).toBe(400);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        if (method === 'GET') {
          expect(res.text).toContain(`<h1>${serverText.badAddressPage.title}</h1>`);
          expect(res.text).toContain('<a href="/">');
        }
      }
    },
  );

  it.each(['/backend/%', '/backend/api/%E0%A4%A', '/backend/api/stories/x/%zz/comments', '/backend/%C3/login'])(
    'answers the API path %s with 400 {error}, never 500',
    async (path) => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await call(method, path);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ error: serverText.malformedPath });
      }
    },
  );
});

describe('responses over Lambda’s 6 MB', () => {
  it('are refused as Lambda refuses them: API Gateway’s 500', async () => {
    const big = 'x'.repeat(MAX_LAMBDA_RESPONSE_BYTES + 1);
    const capped = withLambdaResponseCap(async () => ({ statusCode: 200, body: big }));
    const res = await capped({ routeKey: 'GET /big' } as never, {});
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body!)).toEqual({ message: 'Internal Server Error' });
    const small = withLambdaResponseCap(async () => ({ statusCode: 200, body: 'ok' }));
    expect((await small({} as never, {})).body).toBe('ok');
  });
});

/** A raw POST to a stand-in, as a web page would send it (with an Origin) or as the SDK does (without). */
function post(endpoint: string, headers: Record<string, string>, body: string): Promise<number> {
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: '/', method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the AWS stand-ins', () => {
  it('refuse callers from a web page (an Origin header) or a non-loopback host name', async () => {
    const env = useServerEnv();
    // Signed with this run's key (checked below), so only the Origin or the Host can decide.
    const signed = {
      authorization: `AWS4-HMAC-SHA256 Credential=${env.AWS_ACCESS_KEY_ID}/20260101/us-east-1/x/aws4_request`,
    };
    const cognito = {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPools',
    };
    const dynamo = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' };
    for (const [endpoint, headers, body] of [
      [env.COGNITO_ENDPOINT!, cognito, '{"MaxResults":1}'],
      [env.DYNAMODB_ENDPOINT!, dynamo, '{}'],
    ] as const) {
      expect(await post(endpoint, { ...headers, ...signed, origin: 'https://evil.example' }, body)).toBe(403);
      expect(await post(endpoint, { ...headers, ...signed, host: 'evil.example' }, body)).toBe(403);
      expect(await post(endpoint, { ...headers, ...signed }, body)).not.toBe(403);
    }
  });
});

describe('the AWS stand-ins and this run’s secret', () => {
  it('answer only clients signed with this run’s access key, which the app’s clients carry', async () => {
    const env = useServerEnv();
    const clients = (accessKeyId: string) => {
      const common = {
        region: 'us-east-1',
        credentials: { accessKeyId, secretAccessKey: accessKeyId },
        maxAttempts: 1,
      };
      return {
        dynamo: new DynamoDBClient({ ...common, endpoint: env.DYNAMODB_ENDPOINT }),
        cognito: new CognitoIdentityProviderClient({ ...common, endpoint: env.COGNITO_ENDPOINT }),
      };
    };
    expect(env.AWS_ACCESS_KEY_ID).toMatch(/^local[0-9a-f]{32}$/);
    const mine = clients(env.AWS_ACCESS_KEY_ID!);
    expect((await mine.dynamo.send(new ListTablesCommand({}))).TableNames).toContain(env.TABLE_NAME);
    await mine.cognito.send(new ListUserPoolsCommand({ MaxResults: 1 }));
    for (const key of ['S3RVER', 'local00000000000000000000000000000000']) {
      const other = clients(key);
      await expect(other.dynamo.send(new ListTablesCommand({}))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
      await expect(other.cognito.send(new ListUserPoolsCommand({ MaxResults: 1 }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
    }
  });
});
