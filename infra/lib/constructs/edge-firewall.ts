import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** Paths (as the viewer sends them, with `/backend`) whose abuse costs mail, money or accounts: per-IP rate rules. */
export const SENSITIVE_PATHS = [
  '/backend/login',
  '/backend/register',
  '/backend/resend-verification',
  '/backend/request-password-reset',
  '/backend/reset-password',
  '/backend/contact',
] as const;
/** Question routes (the answerer calls a paid model): any API path containing this. */
export const QUESTION_PATH_PART = '/question';

export interface EdgeFirewallProps {
  /** Requests per IP per 5 minutes on the sensitive paths, counted together. */
  sensitiveLimit?: number;
  /** Requests per IP per 5 minutes on everything. */
  overallLimit?: number;
}

const visibility = (name: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName: name,
  sampledRequestsEnabled: true,
});

const startsWith = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'STARTS_WITH',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
  },
});

/**
 * The WAF web ACL in front of CloudFront (scope CLOUDFRONT, so it must live in us-east-1: see
 * infra/lib/app.ts for where it is created). AWS managed common and known-bad-inputs rules, a per-IP
 * rate rule on login, registration, reset, contact and question routes, and a looser one on everything.
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps = {}) {
    super(scope, id);
    const managed = (name: string, priority: number, excluded: string[] = []): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          // Stories are long texts: the common set's 8 KB body limit would block saving one.
          ruleActionOverrides: excluded.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        },
      },
      visibilityConfig: visibility(name),
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Storyloom: managed rules and per-IP rate limits in front of CloudFront',
      visibilityConfig: visibility('storyloom'),
      rules: [
        managed('AWSManagedRulesCommonRuleSet', 1, ['SizeRestrictions_BODY']),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 2),
        {
          name: 'SensitiveRoutesPerIp',
          priority: 3,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: props.sensitiveLimit ?? 100,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                orStatement: {
                  statements: [
                    ...SENSITIVE_PATHS.map(startsWith),
                    {
                      byteMatchStatement: {
                        fieldToMatch: { uriPath: {} },
                        positionalConstraint: 'CONTAINS',
                        searchString: QUESTION_PATH_PART,
                        textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                      },
                    },
                  ],
                },
              },
            },
          },
          visibilityConfig: visibility('SensitiveRoutesPerIp'),
        },
        {
          name: 'AllRequestsPerIp',
          priority: 4,
          action: { block: {} },
          statement: {
            rateBasedStatement: { limit: props.overallLimit ?? 3000, evaluationWindowSec: 300, aggregateKeyType: 'IP' },
          },
          visibilityConfig: visibility('AllRequestsPerIp'),
        },
      ],
    });
  }
}

/**
 * The user pool's public (non-IAM) operations the API calls, with the client secret: sign-up, sign-in
 * with the password, refresh. Everything else on the public API is blocked.
 */
export const USER_POOL_PUBLIC_OPERATIONS = ['SignUp', 'InitiateAuth', 'GetTokensFromRefreshToken'] as const;
/** Cognito's JSON protocol names the operation in this header. */
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * A regional web ACL on the Cognito user pool. AWS WAF sees the pool's public API (unauthenticated and
 * token-authorized calls), not the IAM-signed Admin* calls. It lets through only the operations the API
 * makes (USER_POOL_PUBLIC_OPERATIONS, by their X-Amz-Target header), each of which needs the client
 * secret only the API holds, plus the token signing keys; it blocks the rest, notably the access-token
 * self-service calls (GetUser, UpdateUserAttributes, ChangePassword, DeleteUser, GlobalSignOut...): so a
 * user holding a refresh token cannot go around the app (change their email, delete themselves
 * without the purge). The API never hands out access tokens either (docs/accounts.md).
 */
export class UserPoolFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  readonly association: wafv2.CfnWebACLAssociation;

  constructor(scope: Construct, id: string, props: { userPoolArn: string }) {
    super(scope, id);
    const target = (operation: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
        positionalConstraint: 'EXACTLY',
        searchString: `${TARGET_PREFIX}${operation}`,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    const pathEnds = (suffix: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'ENDS_WITH',
        searchString: suffix,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { block: {} },
      // The description pattern allows letters, digits, spaces and = : # @ / - , . only.
      description:
        'Storyloom: only SignUp, InitiateAuth and GetTokensFromRefreshToken of the public user pool API pass, with the client secret',
      visibilityConfig: visibility('storyloom-user-pool'),
      rules: [
        {
          name: 'ApiOperations',
          priority: 1,
          action: { allow: {} },
          statement: { orStatement: { statements: USER_POOL_PUBLIC_OPERATIONS.map(target) } },
          visibilityConfig: visibility('UserPoolApiOperations'),
        },
        {
          // The token signing keys and discovery document (the JWT authorizer reads them), if WAF sees them.
          name: 'SigningKeys',
          priority: 2,
          action: { allow: {} },
          statement: {
            orStatement: {
              statements: [pathEnds('/.well-known/jwks.json'), pathEnds('/.well-known/openid-configuration')],
            },
          },
          visibilityConfig: visibility('UserPoolSigningKeys'),
        },
      ],
    });
    this.association = new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
