import { LambdaClient } from '@aws-sdk/client-lambda';
import { config } from '../config.ts';

const options = () => ({ region: config.region });

export const lambda = /* @__PURE__ */ new LambdaClient(/* @__PURE__ */ options());
