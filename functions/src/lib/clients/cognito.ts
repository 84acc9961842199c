import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from '../config.ts';

export const cognito = new CognitoIdentityProviderClient({ region: config.region, endpoint: config.endpoints.cognito });
