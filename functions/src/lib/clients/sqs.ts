import { SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config.ts';

const options = () => ({ region: config.region, endpoint: config.endpoints.sqs });

export const sqs = /* @__PURE__ */ new SQSClient(/* @__PURE__ */ options());
