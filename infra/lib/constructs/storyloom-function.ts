import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export interface StoryloomFunctionProps {
  /** The pre-built bundle (an index.mjs exporting `handler`). */
  code: lambda.Code;
  /** Shown in the console: the route key or the worker's job. */
  description: string;
  timeoutSeconds: number;
  memoryMb: number;
  environment?: Record<string, string>;
  /** Keep the log group when the stack goes (production). */
  retainLogs?: boolean;
}

/**
 * A Storyloom Lambda with the project's defaults: Node 24 on arm64, no X-Ray tracing, source-mapped
 * stack traces, and a log group owned by the stack with one month of retention.
 */
export class StoryloomFunction extends lambda.Function {
  constructor(scope: Construct, id: string, props: StoryloomFunctionProps) {
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
    });
    // Its own role, with no managed policy: writing to its own log group is all it starts with; the
    // route's declared grants are added by AppBindings.bind (docs/infrastructure.md, "Grants per route").
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Storyloom function: ${props.description}`.slice(0, 1000),
    });
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    super(scope, id, {
      role,
      code: props.code,
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      description: props.description,
      timeout: Duration.seconds(props.timeoutSeconds),
      memorySize: props.memoryMb,
      // No X-Ray: nothing in the functions opens subsegments or captures SDK clients, so active tracing
      // would bill for traces that only show the Lambda box (docs/platform.md, "Tracing").
      tracing: lambda.Tracing.DISABLED,
      logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    });
  }
}
