import { SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config.ts';

export const sqs = new SQSClient({ region: config.region, endpoint: config.endpoints.sqs });
