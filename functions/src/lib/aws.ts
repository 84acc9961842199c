import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.ts';

/** SDK clients, built once per cold start. Only the endpoints differ between AWS and local mode. */
const base = { region: config.region };

export const dynamo = DynamoDBDocumentClient.from(
  new DynamoDBClient({ ...base, endpoint: config.endpoints.dynamodb }),
  {
    marshallOptions: { removeUndefinedValues: true },
  },
);

export const s3 = new S3Client({
  ...base,
  endpoint: config.endpoints.s3,
  // Path-style URLs work with local stand-ins (no wildcard DNS for bucket subdomains).
  forcePathStyle: Boolean(config.endpoints.s3),
  // Real S3 rejects presigned PUTs that carry the empty-body checksum; local streams get corrupted with it.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

export const cognito = new CognitoIdentityProviderClient({ ...base, endpoint: config.endpoints.cognito });

export const ses = new SESv2Client({
  ...base,
  endpoint: config.endpoints.ses,
  // The local SES stand-in hangs on calls it does not know: never let a request wait forever.
  requestHandler: { connectionTimeout: 3000, requestTimeout: 10_000 },
});

export const sqs = new SQSClient({ ...base, endpoint: config.endpoints.sqs });
