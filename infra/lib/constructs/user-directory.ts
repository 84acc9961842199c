import { PASSWORD_MIN } from '@storyloom/shared/constants';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

export interface UserDirectoryProps {
  /** Keep the user pool when the stack goes (production). */
  retain: boolean;
}

/** The Cognito group whose members are admins; handlers re-check the role on the user record. */
export const ADMIN_GROUP = 'admin';

/**
 * The Cognito user pool. The API creates users itself (AdminCreateUser) and sends its own
 * verification and reset mail through SES, so Cognito's sign-up, recovery and mail stay off.
 */
export class UserDirectory extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** Token issuer, as the JWT authorizer and `aws-jwt-verify` expect it. */
  readonly issuer: string;

  constructor(scope: Construct, id: string, props: UserDirectoryProps) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      featurePlan: cognito.FeaturePlan.LITE,
      selfSignUpEnabled: false,
      signInAliases: { username: true },
      autoVerify: { email: false },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: PASSWORD_MIN,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.NONE,
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.client = this.userPool.addClient('WebClient', {
      // Only the API signs users in (AdminInitiateAuth): no SRP or password flow a browser could call directly.
      authFlows: { adminUserPassword: true },
      // A token holder must not change their email (or anything) around the app's verification: the
      // client may read the email, and write nothing (docs/infrastructure.md, "Identity").
      readAttributes: new cognito.ClientAttributes().withStandardAttributes({ email: true, emailVerified: true }),
      writeAttributes: new cognito.ClientAttributes(),
      enableTokenRevocation: true,
      generateSecret: false,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'the product spec sets the password rule (at least 6 characters, no class rules); failed logins are rate-limited per name and client',
    );
    acknowledge(this.userPool, 'AwsSolutions-COG2', 'no MFA in the product spec (family story app); a later feature');
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      "Lite plan: threat protection needs Plus (per-user cost); WAF rate rules and the app's login throttles cover credential stuffing",
    );
    this.userPool.addGroup('AdminGroup', { groupName: ADMIN_GROUP, description: 'Storyloom administrators' });

    this.issuer = `https://${this.userPool.userPoolProviderUrl}`;
  }

  /** An HTTP API authorizer that accepts this pool's tokens for the web client. */
  jwtAuthorizer(): HttpJwtAuthorizer {
    return new HttpJwtAuthorizer('CognitoJwt', this.issuer, {
      jwtAudience: [this.client.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });
  }
}
