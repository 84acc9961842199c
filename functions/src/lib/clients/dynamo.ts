import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';

/**
 * One module per SDK client, each built once per cold start: a handler bundles only the clients it
 * imports (one module for all five put every SDK client in every bundle). Only endpoints differ
 * between AWS and local mode.
 */
export const dynamo = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: config.region, endpoint: config.endpoints.dynamodb }),
  { marshallOptions: { removeUndefinedValues: true } },
);
