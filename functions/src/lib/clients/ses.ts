import { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config.ts';

export const ses = new SESv2Client({
  region: config.region,
  endpoint: config.endpoints.ses,
  // The local SES stand-in hangs on calls it does not know: never let a request wait forever.
  requestHandler: { connectionTimeout: 3000, requestTimeout: 10_000 },
});
