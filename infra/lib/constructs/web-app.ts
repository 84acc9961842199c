import { fileURLToPath } from 'node:url';
import { Fn, RemovalPolicy } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

export interface WebAppProps {
  /** Served under `/backend/*`, with the prefix stripped. */
  httpApi: IHttpApi;
  /** The built SPA (`web/dist`); without it the bucket is created but left empty. */
  webDist?: string;
  /** Custom domain and its us-east-1 certificate; both or neither. */
  domainName?: string;
  certificateArn?: string;
}

const edgeFunction = (name: string) =>
  cloudfront.FunctionCode.fromFile({ filePath: fileURLToPath(new URL(`../edge/${name}.js`, import.meta.url)) });

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
    const securityHeaders = cloudfront.ResponseHeadersPolicy.SECURITY_HEADERS;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Storyloom: SPA and /backend API',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      domainNames: props.domainName ? [props.domainName] : undefined,
      certificate: props.certificateArn
        ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined,
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
          origin: new origins.HttpOrigin(apiHost, { protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY }),
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

    if (props.webDist) {
      // Hashed assets first, cached for good and never pruned (open tabs still lazy-load old chunks);
      // then index.html, revalidated on every load, and the edge caches invalidated.
      const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(props.webDist)],
        exclude: ['index.html'],
        destinationBucket: this.bucket,
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
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
      });
      index.node.addDependency(assets);
    }
  }
}
