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
 * A regional web ACL on the Cognito user pool that blocks every request it is asked about. AWS WAF sees
 * the pool's public API (unauthenticated and token-authorized calls: InitiateAuth, GetUser,
 * UpdateUserAttributes, ChangePassword, DeleteUser…), not the IAM-signed Admin* calls the API makes,
 * and nothing in the app calls the public API: so a user holding a refresh token cannot go around the
 * app (mint an access token, delete themselves without the purge, change their email or password).
 */
export class UserPoolFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: { userPoolArn: string }) {
    super(scope, id);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { block: {} },
      // The description pattern allows letters, digits, spaces and = : # @ / - , . only.
      description: 'Storyloom: the public user pool API is blocked, the IAM-signed Admin calls of the API pass',
      visibilityConfig: visibility('storyloom-user-pool'),
      rules: [],
    });
    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
