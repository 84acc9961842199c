import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminInitiateAuthCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_POOL_ID_TAG, type LocalServices, localTokenIssuer, startLocalServices } from './services.ts';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
// Unsupported calls on some stand-ins hang instead of failing; a timeout turns that into an error.
const requestHandler = { connectionTimeout: 2_000, requestTimeout: 10_000 };
const clientConfig = (endpoint: string) => ({ region: 'us-east-1', endpoint, credentials, requestHandler });

function clients(s: LocalServices) {
  return {
    dynamodb: new DynamoDBClient(clientConfig(s.endpoints.dynamodb)),
    s3: new S3Client({
      ...clientConfig(s.endpoints.s3),
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    cognito: new CognitoIdentityProviderClient(clientConfig(s.endpoints.cognito)),
    ses: new SESv2Client(clientConfig(s.endpoints.ses)),
    sqs: new SQSClient(clientConfig(s.endpoints.sqs)),
  };
}

const POOL_ID = 'us-east-1_Local0001';
const USERNAME = 'ada@example.com';
const PASSWORD = 'Correct-horse-1';

let dataDir: string;
let services: LocalServices;
let c: ReturnType<typeof clients>;
let clientId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'storyloom-services-'));
  services = await startLocalServices({ dataDir });
  c = clients(services);
});

afterAll(async () => {
  await services?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('local stand-ins', () => {
  it('bind 127.0.0.1 on distinct free ports', () => {
    const urls = Object.values(services.endpoints);
    for (const url of urls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new Set(urls).size).toBe(5);
  });

  it('DynamoDB: create table, put, get', async () => {
    await c.dynamodb.send(
      new CreateTableCommand({
        TableName: 'main',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
      }),
    );
    // dynalite answers CreateTable before the table is ACTIVE (even with createTableMs 0): on a busy machine a
    // write right after it found no table. Wait for it, as a DynamoDB client must.
    await waitUntilTableExists(
      { client: c.dynamodb, maxWaitTime: 20, minDelay: 0.05, maxDelay: 0.2 },
      { TableName: 'main' },
    );
    await c.dynamodb.send(
      new PutItemCommand({ TableName: 'main', Item: { pk: { S: 'story#1' }, sk: { S: 'meta' }, title: { S: 'Hi' } } }),
    );
    const got = await c.dynamodb.send(
      new GetItemCommand({ TableName: 'main', Key: { pk: { S: 'story#1' }, sk: { S: 'meta' } } }),
    );
    expect(got.Item?.title?.S).toBe('Hi');
    // TransactWriteItems, which dynalite lacks, is served in front of it (dynalite-transactions.test.ts has the rest).
    const refused = await c.dynamodb
      .send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: 'main', Item: { pk: { S: 'story#2' }, sk: { S: 'meta' } } } },
            {
              ConditionCheck: {
                TableName: 'main',
                Key: { pk: { S: 'story#1' }, sk: { S: 'meta' } },
                ConditionExpression: 'title = :t',
                ExpressionAttributeValues: { ':t': { S: 'Bye' } },
              },
            },
          ],
        }),
      )
      .catch((error: Error & { CancellationReasons?: Array<{ Code?: string }> }) => error);
    expect(refused).toMatchObject({ name: 'TransactionCanceledException' });
    expect(
      (refused as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons?.map((r) => r.Code),
    ).toEqual(['None', 'ConditionalCheckFailed']);
    const none = await c.dynamodb.send(
      new GetItemCommand({ TableName: 'main', Key: { pk: { S: 'story#2' }, sk: { S: 'meta' } } }),
    );
    expect(none.Item).toBeUndefined();
  });

  it('S3: bucket, put/get, presigned GET and POST from this machine; a web page (Origin) is refused', async () => {
    await c.s3.send(new CreateBucketCommand({ Bucket: 'media' }));
    await c.s3.send(new PutObjectCommand({ Bucket: 'media', Key: 'a.txt', Body: 'hello', ContentType: 'text/plain' }));
    const got = await c.s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'a.txt' }));
    expect(await got.Body?.transformToString()).toBe('hello');

    const url = await getSignedUrl(c.s3, new GetObjectCommand({ Bucket: 'media', Key: 'a.txt' }), { expiresIn: 60 });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');

    const post = await createPresignedPost(c.s3, {
      Bucket: 'media',
      Key: 'upload.bin',
      Conditions: [['content-length-range', 0, 1024]],
      Expires: 60,
    });
    const form = () => {
      const f = new FormData();
      for (const [k, v] of Object.entries(post.fields)) f.append(k, v);
      f.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'upload.bin');
      return f;
    };
    expect((await fetch(post.url, { method: 'POST', body: form() })).status).toBe(204);
    const uploaded = await c.s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'upload.bin' }));
    expect([...(await uploaded.Body!.transformToByteArray())]).toEqual([1, 2, 3]);
    // Browsers reach media through the local server's media gate, never the stand-in itself.
    const fromPage = await fetch(url, { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(fromPage.status).toBe(403);
  });

  it('Cognito: chosen AWS-shaped pool id, admin sign-in, groups, refresh, token verification', async () => {
    const pool = await c.cognito.send(
      new CreateUserPoolCommand({
        PoolName: 'storyloom',
        AutoVerifiedAttributes: ['email'],
        UserPoolTags: { [LOCAL_POOL_ID_TAG]: POOL_ID },
      }),
    );
    expect(pool.UserPool?.Id).toBe(POOL_ID);
    expect(pool.UserPool?.Arn).toBe(`arn:aws:cognito-idp:us-east-1:000000000000:userpool/${POOL_ID}`);
    const other = await c.cognito.send(new CreateUserPoolCommand({ PoolName: 'other' }));
    expect(other.UserPool?.Id).toMatch(/^us-east-1_[A-Za-z0-9]+$/);

    const client = await c.cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: POOL_ID,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_ADMIN_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    clientId = client.UserPoolClient!.ClientId!;
    await c.cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: POOL_ID,
        Username: USERNAME,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: USERNAME },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await c.cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId: POOL_ID, Username: USERNAME, Password: PASSWORD, Permanent: true }),
    );
    await c.cognito.send(new CreateGroupCommand({ UserPoolId: POOL_ID, GroupName: 'admins' }));
    await c.cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: POOL_ID, Username: USERNAME, GroupName: 'admins' }),
    );

    const auth = await c.cognito.send(
      new AdminInitiateAuthCommand({
        UserPoolId: POOL_ID,
        ClientId: clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME, PASSWORD },
      }),
    );
    const tokens = auth.AuthenticationResult!;

    const issuer = localTokenIssuer(services, POOL_ID);
    expect(issuer).toBe(`${services.endpoints.cognito}/${POOL_ID}`);
    const idVerifier = JwtVerifier.create({
      issuer,
      audience: clientId,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      customJwtCheck: ({ payload }) => validateCognitoJwtFields(payload, { tokenUse: 'id', clientId }),
    });
    idVerifier.cacheJwks(services.jwks);
    const claims = await idVerifier.verify(tokens.IdToken!);
    expect(claims.iss).toBe(issuer);
    expect(claims['cognito:groups']).toEqual(['admins']);
    expect(claims.email).toBe(USERNAME);
    // Pools default to plain usernames, as on AWS (cognito-local alone would make email the username, keyed by sub).
    expect(claims['cognito:username']).toBe(USERNAME);

    const accessVerifier = JwtVerifier.create({
      issuer,
      audience: null,
      customJwtCheck: ({ payload }) => validateCognitoJwtFields(payload, { tokenUse: 'access', clientId }),
    });
    accessVerifier.cacheJwks(services.jwks);
    expect((await accessVerifier.verify(tokens.AccessToken!)).client_id).toBe(clientId);

    const refreshed = await c.cognito.send(
      new AdminInitiateAuthCommand({
        UserPoolId: POOL_ID,
        ClientId: clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
      }),
    );
    expect((await idVerifier.verify(refreshed.AuthenticationResult!.IdToken!))['cognito:groups']).toEqual(['admins']);

    // The discovery document names the real port, not cognito-local's hard-coded localhost:9229.
    const discovery = await fetch(`${issuer}/.well-known/openid-configuration`).then((r) => r.json());
    expect(discovery).toMatchObject({ issuer, jwks_uri: `${issuer}/.well-known/jwks.json` });
    const jwks = await fetch(`${issuer}/.well-known/jwks.json`).then((r) => r.json());
    expect(jwks).toEqual(services.jwks);

    await expect(
      c.cognito.send(
        new AdminInitiateAuthCommand({
          UserPoolId: POOL_ID,
          ClientId: clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME, PASSWORD: 'wrong-password-1' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await expect(
      c.cognito.send(
        new AdminInitiateAuthCommand({
          UserPoolId: POOL_ID,
          ClientId: clientId,
          AuthFlow: 'ADMIN_NO_SRP_AUTH',
          AuthParameters: { USERNAME, PASSWORD },
        }),
      ),
    ).rejects.toThrow(/unsupported/i);
  });

  it('Cognito: USER_PASSWORD_AUTH, and codes it would email land in the SES mailbox', async () => {
    const auth = await c.cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME, PASSWORD },
      }),
    );
    expect(auth.AuthenticationResult?.IdToken).toBeTruthy();

    await c.cognito.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: 'grace@example.com',
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: 'grace@example.com' }],
      }),
    );
    const [signUpMail] = await services.listSentEmails();
    expect(signUpMail).toMatchObject({ to: ['grace@example.com'], subject: 'Your verification code' });
    expect(signUpMail?.text).toMatch(/^Your verification code is \d{6}\.$/);

    await c.cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: POOL_ID,
        Username: 'linus@example.com',
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [{ Name: 'email', Value: 'linus@example.com' }],
      }),
    );
    const [invitation] = await services.listSentEmails();
    expect(invitation).toMatchObject({ to: ['linus@example.com'], subject: 'Your temporary password' });
    expect(invitation?.text).toContain('temporary password is ');
  });

  it('SES: SendEmail (v2, simple content) shows in listSentEmails and GET /store', async () => {
    const sent = await c.ses.send(
      new SendEmailCommand({
        FromEmailAddress: 'Storyloom <no-reply@storyloom.test>',
        Destination: { ToAddresses: ['ada@example.com'] },
        Content: {
          Simple: {
            Subject: { Data: 'Verify your email' },
            Body: {
              Text: { Data: 'Open http://x/verify?t=1' },
              Html: { Data: '<a href="http://x/verify?t=1">Verify</a>' },
            },
          },
        },
      }),
    );
    expect(sent.MessageId).toBeTruthy();
    const [mail] = await services.listSentEmails();
    expect(mail).toMatchObject({
      to: ['ada@example.com'],
      from: 'Storyloom <no-reply@storyloom.test>',
      subject: 'Verify your email',
      text: 'Open http://x/verify?t=1',
      html: '<a href="http://x/verify?t=1">Verify</a>',
    });
    expect(Date.now() - Date.parse(mail!.sentAt)).toBeLessThan(60_000);
    const store = (await fetch(`${services.endpoints.ses}/store`).then((r) => r.json())) as { emails: unknown[] };
    expect(store.emails).toHaveLength(3);
  });

  it('SQS: send, long-poll receive, delete, and redrive to the DLQ after maxReceiveCount', async () => {
    const dlq = await c.sqs.send(new CreateQueueCommand({ QueueName: 'jobs-dlq' }));
    const dlqArn = (
      await c.sqs.send(new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl, AttributeNames: ['QueueArn'] }))
    ).Attributes!.QueueArn!;
    const queue = await c.sqs.send(
      new CreateQueueCommand({
        QueueName: 'jobs',
        Attributes: { RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: 2 }) },
      }),
    );
    const QueueUrl = queue.QueueUrl!;
    // AWS-shaped, on a host that does not resolve; clients with `endpoint` set send to the endpoint instead.
    const { port } = new URL(services.endpoints.sqs);
    expect(QueueUrl).toBe(`http://sqs.us-east-1.localhost:${port}/000000000000/jobs`);

    // Long polling: the receive is waiting when the message arrives.
    const started = Date.now();
    const waiting = c.sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 5 }));
    setTimeout(() => void c.sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'first' })), 200);
    const first = await waiting;
    expect(first.Messages?.[0]?.Body).toBe('first');
    expect(Date.now() - started).toBeLessThan(3_000);
    await c.sqs.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: first.Messages![0]!.ReceiptHandle! }));

    await c.sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: 'poison' }));
    for (let i = 0; i < 2; i++) {
      const got = await c.sqs.send(new ReceiveMessageCommand({ QueueUrl, VisibilityTimeout: 0, WaitTimeSeconds: 1 }));
      expect(got.Messages?.[0]?.Body).toBe('poison');
    }
    const third = await c.sqs.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 0 }));
    expect(third.Messages ?? []).toHaveLength(0);
    const dead = await c.sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq.QueueUrl, WaitTimeSeconds: 1 }));
    expect(dead.Messages?.[0]?.Body).toBe('poison');
  });

  it('keep DynamoDB, S3, Cognito and SES data across a restart on the same folder', async () => {
    const mailBefore = await services.listSentEmails();
    await services.stop();
    await services.stop(); // idempotent, e.g. a test teardown and an exit hook both calling it

    // Restart with AWS's issuer, the other supported way: an unmodified CognitoJwtVerifier then accepts local tokens.
    services = await startLocalServices({ dataDir, cognitoIssuerBase: 'https://cognito-idp.us-east-1.amazonaws.com' });
    c = clients(services);

    const got = await c.dynamodb.send(
      new GetItemCommand({ TableName: 'main', Key: { pk: { S: 'story#1' }, sk: { S: 'meta' } } }),
    );
    expect(got.Item?.title?.S).toBe('Hi');
    const obj = await c.s3.send(new GetObjectCommand({ Bucket: 'media', Key: 'a.txt' }));
    expect(await obj.Body?.transformToString()).toBe('hello');
    expect(await services.listSentEmails()).toEqual(mailBefore);

    const auth = await c.cognito.send(
      new AdminInitiateAuthCommand({
        UserPoolId: POOL_ID,
        ClientId: clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME, PASSWORD },
      }),
    );
    const verifier = CognitoJwtVerifier.create({ userPoolId: POOL_ID, tokenUse: 'id', clientId });
    verifier.cacheJwks(services.jwks);
    const claims = await verifier.verify(auth.AuthenticationResult!.IdToken!);
    expect(claims.iss).toBe(`https://cognito-idp.us-east-1.amazonaws.com/${POOL_ID}`);
    expect(claims['cognito:groups']).toEqual(['admins']);
  });
});
