import { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config.ts';

const options = () => ({
  region: config.region,
  endpoint: config.endpoints.ses,
  // The local SES stand-in hangs on calls it does not know: never let a request wait forever.
  requestHandler: { connectionTimeout: 3000, requestTimeout: 10_000 },
});

/** Pure-annotated (options included), so a bundle that never sends mail drops the client: see clients/dynamo.ts. */
export const ses = /* @__PURE__ */ new SESv2Client(/* @__PURE__ */ options());
