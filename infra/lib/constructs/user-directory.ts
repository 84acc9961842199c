import { PASSWORD_MIN } from '@storyloom/shared/constants';
import { Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { AwsCustomResource, AwsCustomResourcePolicy, Logging, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

export interface UserDirectoryProps {
  /** Keep the user pool when the stack goes (production). */
  retain: boolean;
}

/** The Cognito group whose members are admins; handlers re-check the role on the user record. */
export const ADMIN_GROUP = 'admin';

/**
 * The Cognito user pool. The API signs visitors up itself (SignUp on a confidential client: only a
 * caller holding the client secret can), a pre-sign-up trigger confirms them, and the API sends its
 * own verification and reset mail through SES, so Cognito's recovery and mail stay off
 * (docs/accounts.md, "Who may call what in Cognito").
 */
export class UserDirectory extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** The web client's generated secret, copied into Secrets Manager for the functions that sign users in. */
  readonly clientSecret: secretsmanager.Secret;
  /** Token issuer, as the JWT authorizer and `aws-jwt-verify` expect it. */
  readonly issuer: string;

  constructor(scope: Construct, id: string, props: UserDirectoryProps) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      featurePlan: cognito.FeaturePlan.LITE,
      // SignUp is how the API creates visitors' accounts; it needs the client secret, which only the API has.
      selfSignUpEnabled: true,
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
      // Deletion protection would make a rollback's delete fail, so a failed first deploy keeps the pool
      // (no fixed name: the rerun makes a new one; docs/deploy.md says how to remove the empty one).
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.client = this.userPool.addClient('WebClient', {
      // Only the API signs users in: the password flow (InitiateAuth) and refresh, both needing the client
      // secret; no SRP, no Admin flow (no route holds an IAM permission to sign in).
      authFlows: { userPassword: true },
      // A token holder must not change their email (or anything) around the app's verification: the
      // client may read the email, and write nothing (docs/infrastructure.md, "Identity").
      readAttributes: new cognito.ClientAttributes().withStandardAttributes({ email: true, emailVerified: true }),
      writeAttributes: new cognito.ClientAttributes(),
      enableTokenRevocation: true,
      // Confidential: every public call on this client proves the API with the secret (SECRET_HASH).
      generateSecret: true,
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
    this.clientSecret = this.copyClientSecret();
    this.userPool.addGroup('AdminGroup', { groupName: ADMIN_GROUP, description: 'Storyloom administrators' });

    this.issuer = `https://${this.userPool.userPoolProviderUrl}`;
  }

  /**
   * The client secret in Secrets Manager, read by the functions that declare `secrets: ['cognito-client']`.
   * Cognito generates it; a custom resource reads it once (DescribeUserPoolClient, response data hidden
   * from logs) with a role of its own: its log group and that one call on this pool.
   */
  private copyClientSecret(): secretsmanager.Secret {
    const logGroup = new logs.LogGroup(this, 'ClientSecretReaderLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new iam.Role(this, 'ClientSecretReaderRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Storyloom: reads the user pool web client secret once per deploy',
    });
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    const reader = new AwsCustomResource(this, 'ClientSecretReader', {
      resourceType: 'Custom::DescribeCognitoUserPoolClient',
      onUpdate: {
        region: Stack.of(this).region,
        service: 'CognitoIdentityServiceProvider',
        action: 'describeUserPoolClient',
        parameters: { UserPoolId: this.userPool.userPoolId, ClientId: this.client.userPoolClientId },
        physicalResourceId: PhysicalResourceId.of(this.client.userPoolClientId),
        logging: Logging.withDataHidden(),
      },
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [this.userPool.userPoolArn] }),
      role,
      logGroup,
      installLatestAwsSdk: false,
    });
    const secret = new secretsmanager.Secret(this, 'ClientSecret', {
      description: 'Storyloom: the user pool web client secret (SECRET_HASH of the API sign-in calls)',
      secretStringValue: SecretValue.resourceAttribute(reader.getResponseField('UserPoolClient.ClientSecret')),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      secret,
      'AwsSolutions-SMG4',
      'a copy of the Cognito client secret, which Cognito generates: rotated by hand with a second client secret (docs/deploy.md), which no Secrets Manager rotation function can do',
    );
    return secret;
  }

  /** Cognito calls this function before each sign-up (handlers/auth/pre-sign-up.ts). */
  addPreSignUpTrigger(fn: lambda.IFunction): void {
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_SIGN_UP, fn);
  }

  /** An HTTP API authorizer that accepts this pool's tokens for the web client. */
  jwtAuthorizer(): HttpJwtAuthorizer {
    return new HttpJwtAuthorizer('CognitoJwt', this.issuer, {
      jwtAudience: [this.client.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });
  }
}
