import { CfnResource, type IAspect, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IConstruct } from 'constructs';

/**
 * CDK's own functions (S3 auto-delete, cross-region reference writers and readers, the SPA upload when
 * not given one) would log to `/aws/lambda/<name>`, created on first run and kept forever. This aspect
 * gives every Lambda function without a log group one of its own, kept one month and removed with the
 * stack. Their roles already write logs anywhere (CDK gives them AWSLambdaBasicExecutionRole).
 */
export class InternalFunctionLogs implements IAspect {
  visit(node: IConstruct): void {
    if (!(node instanceof CfnResource) || node.cfnResourceType !== 'AWS::Lambda::Function') return;
    const hasLogGroup =
      node instanceof lambda.CfnFunction
        ? Boolean((node.loggingConfig as lambda.CfnFunction.LoggingConfigProperty | undefined)?.logGroup)
        : Boolean(
            (node as unknown as { _cfnProperties?: { LoggingConfig?: { LogGroup?: unknown } } })._cfnProperties
              ?.LoggingConfig?.LogGroup,
          );
    if (hasLogGroup) return;
    const scope = node.node.scope ?? Stack.of(node);
    const logGroup = new logs.LogGroup(scope, `${node.node.id}Logs`.replace(/[^\w-]/g, ''), {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    node.addPropertyOverride('LoggingConfig.LogGroup', logGroup.logGroupName);
  }
}
