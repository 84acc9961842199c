import { Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { type EdgeFunctionName, edgeSource } from '../edge/source.ts';
import { acknowledge } from '../nag.ts';
import { contentSecurityPolicy, HSTS_SECONDS, PERMISSIONS_POLICY } from '../security-headers.ts';

export interface WebAppProps {
  /** Served under `/backend/*`, with the prefix stripped. */
  httpApi: IHttpApi;
  /** The built SPA (`web/dist`); without it the bucket is created but left empty. */
  webDist?: string;
  /** Custom domain and its us-east-1 certificate; both or neither. */
  domainName?: string;
  certificateArn?: string;
  /** Origins of the media bucket's presigned URLs, named in the CSP. */
  mediaOrigins: string[];
  /** Sent to the API as `x-origin-verify` (a deploy-time secret reference); the API refuses requests without it. */
  originVerifyValue?: string;
  /** ARN of a WAF web ACL (scope CLOUDFRONT, us-east-1). */
  webAclArn?: string;
  /** Bucket for CloudFront standard logs (ACLs enabled, as CloudFront's log delivery needs). */
  logBucket?: s3.IBucket;
  retainLogs?: boolean;
}

/** The script with its texts filled in from the shared messages (edge/source.ts). */
const edgeFunction = (name: EdgeFunctionName) => cloudfront.FunctionCode.fromInline(edgeSource(name));

/**
 * One origin for the whole app: CloudFront serves the SPA from a private bucket and sends
 * `/backend/*` to the HTTP API, so the browser never needs CORS for the app's own calls.
 */
export class WebApp extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://` + the custom domain, or the CloudFront domain. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: WebAppProps) {
    super(scope, id);
    // The SPA is rebuilt from source on every deploy: nothing here is worth retaining.
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    // apiEndpoint is https://<id>.execute-api.<region>.<suffix>: the origin wants the bare host.
    const apiHost = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    // The same headers local mode sends (security-headers.ts): a strict CSP naming the media origin.
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Storyloom: CSP, HSTS, frame-ancestors none, referrer and permissions policies',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            mediaOrigins: props.mediaOrigins,
            upgradeInsecureRequests: true,
          }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.SAME_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Storyloom: SPA and /backend API',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      domainNames: props.domainName ? [props.domainName] : undefined,
      certificate: props.certificateArn
        ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined,
      // Only with a custom certificate: the *.cloudfront.net one has a fixed policy.
      minimumProtocolVersion: props.certificateArn ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      webAclId: props.webAclArn,
      enableLogging: Boolean(props.logBucket),
      logBucket: props.logBucket,
      logFilePrefix: props.logBucket ? 'cloudfront/' : undefined,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'SpaRewrite', {
              comment: 'App routes without a file extension -> /index.html',
              code: edgeFunction('spa-rewrite'),
              runtime: cloudfront.FunctionRuntime.JS_2_0,
            }),
          },
        ],
      },
      additionalBehaviors: {
        '/backend/*': {
          origin: new origins.HttpOrigin(apiHost, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            // The API refuses requests without this header: CloudFront (and its WAF) is the only door.
            customHeaders: props.originVerifyValue ? { 'x-origin-verify': props.originVerifyValue } : undefined,
          }),
          // Redirecting a POST to https would drop its body; the app is only ever loaded over https.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [
            {
              eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
              function: new cloudfront.Function(this, 'StripBackendPrefix', {
                comment: '/backend/<path> -> /<path> for the HTTP API',
                code: edgeFunction('strip-backend-prefix'),
                runtime: cloudfront.FunctionRuntime.JS_2_0,
              }),
            },
          ],
        },
      },
    });
    this.url = `https://${props.domainName ?? this.distribution.distributionDomainName}`;
    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'families share stories across countries: no geo restriction');
    if (!props.domainName) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'without appDomain the distribution uses the *.cloudfront.net certificate, whose minimum protocol CloudFront fixes; with appDomain it is TLS 1.2 (2021)',
      );
    }
    acknowledge(
      this.bucket,
      'AwsSolutions-S1',
      'reached only through CloudFront (Origin Access Control), whose standard logs record every request',
    );

    if (props.webDist) {
      // CDK's upload function (one per stack, shared by both deployments) runs with this role and log
      // group instead of its defaults (a managed policy, logs kept forever).
      const uploadLogs = new logs.LogGroup(this, 'UploadLogs', {
        retention: logs.RetentionDays.ONE_MONTH,
        removalPolicy: RemovalPolicy.DESTROY,
      });
      const uploadRole = new iam.Role(this, 'UploadRole', {
        assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
        description: 'Storyloom: copies the built SPA into its bucket and invalidates CloudFront',
      });
      uploadRole.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          resources: [uploadLogs.logGroupArn],
        }),
      );
      acknowledge(
        uploadRole,
        'AwsSolutions-IAM5',
        "CDK's BucketDeployment grants itself: read on the CDK asset objects (hash-named), write on the SPA bucket's objects, and cloudfront:CreateInvalidation, which takes no resource narrower than *",
      );
      const upload = { role: uploadRole, logGroup: uploadLogs };
      // Hashed assets first, cached for good and never pruned (open tabs still lazy-load old chunks);
      // then index.html, revalidated on every load, and the edge caches invalidated.
      const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(props.webDist)],
        exclude: ['index.html'],
        destinationBucket: this.bucket,
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
        ...upload,
      });
      const index = new s3deploy.BucketDeployment(this, 'DeployIndex', {
        sources: [s3deploy.Source.asset(props.webDist)],
        exclude: ['*'],
        include: ['index.html'],
        destinationBucket: this.bucket,
        prune: false,
        cacheControl: [s3deploy.CacheControl.noCache()],
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
        ...upload,
      });
      index.node.addDependency(assets);
      const handler = Stack.of(this).node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
      if (handler) {
        acknowledge(
          handler,
          'AwsSolutions-L1',
          "CDK's BucketDeployment function: its Python runtime is chosen by aws-cdk-lib with its bundled AWS CLI layer and moves with CDK upgrades",
        );
      }
    }
  }
}
