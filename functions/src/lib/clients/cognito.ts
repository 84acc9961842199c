import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../config.ts';

const options = () => ({ region: config.region, endpoint: config.endpoints.cognito });

export const cognito = /* @__PURE__ */ new CognitoIdentityProviderClient(/* @__PURE__ */ options());
