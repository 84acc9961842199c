import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.ts';

const options = () => ({ region: config.region, endpoint: config.endpoints.dynamodb });

/**
 * One module per SDK client, each built once per cold start: a handler bundles only the clients it
 * imports (one module for all five put every SDK client in every bundle). Only endpoints differ
 * between AWS and local mode.
 *
 * The construction is marked pure, options included (reading `config` inside an argument would
 * count as a side effect), so esbuild drops a client its handler never calls: the per-route grant
 * check (infra/lib/grants.ts) reads the bundles and relies on that.
 */
export const dynamo = /* @__PURE__ */ DynamoDBDocumentClient.from(
  /* @__PURE__ */ new DynamoDBClient(/* @__PURE__ */ options()),
  { marshallOptions: { removeUndefinedValues: true } },
);
