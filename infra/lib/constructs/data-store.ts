import { tableDefinition } from '@storyloom/functions/data/table-definition';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** PENDING_TAG of functions/src/data/media.ts (that module reads the handler environment at load, so it is not imported here). */
export const PENDING_TAG = { key: 'storyloom-pending', value: 'true' } as const;
/** ANSWER_AUDIO_TAG of functions/src/data/interactive.ts (same reason). */
export const ANSWER_AUDIO_TAG = { key: 'storyloom-expires', value: 'answer' } as const;
/** KEEPSAKE_RESULT_TAG of functions/src/data/keepsake-builds.ts: zips and books, downloadable for 24 h. */
export const KEEPSAKE_RESULT_TAG = { key: 'storyloom-expires', value: 'keepsake' } as const;

/** How long an overwritten or deleted media object can still be restored. */
export const NONCURRENT_DAYS = 7;

export interface DataStoreProps {
  /** The app's origin (`https://…`): browsers upload media straight to the bucket from it. */
  appOrigin: string;
  /** Keep the table and the media when the stack goes (production). */
  retain: boolean;
  /** A fixed name for the media bucket (the CSP names its origin); default: generated. */
  mediaBucketName?: string;
  /** Server access logs of the media bucket go here (presigned URLs reach it without CloudFront). */
  accessLogs?: s3.IBucket;
}

/** The single table (from the shared table definition) and the private media bucket. */
export class DataStore extends Construct {
  readonly table: dynamodb.Table;
  readonly mediaBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStoreProps) {
    super(scope, id);
    // The table has deletion protection in production, so a failed first deploy could not delete it on
    // rollback: it is plainly retained (it has no fixed name, so the rerun makes a new one). The media
    // bucket has a fixed name (the CSP names it): RetainExceptOnCreate, so a failed first deploy removes it
    // (empty then) and the rerun can create it again.
    const tablePolicy = props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const bucketPolicy = props.retain ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY;
    const string = dynamodb.AttributeType.STRING;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: tableDefinition.partitionKey, type: string },
      sortKey: { name: tableDefinition.sortKey, type: string },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableDefinition.ttlAttribute,
      deletionProtection: props.retain,
      removalPolicy: tablePolicy,
    });
    for (const index of tableDefinition.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: string },
        sortKey: { name: index.sortKey, type: string },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.mediaBucket = new s3.Bucket(this, 'MediaBucket', {
      bucketName: props.mediaBucketName,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: props.accessLogs ? 'media-bucket/' : undefined,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Presigned POST/PUT uploads and presigned GETs for media come from the app's pages.
      cors: [
        {
          allowedOrigins: [props.appOrigin],
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // Versioned: an overwritten or deleted object can be restored for NONCURRENT_DAYS, then it is gone
      // for good (deletion promises nothing lingers longer: docs/infrastructure.md, "Data").
      versioned: true,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: Duration.days(NONCURRENT_DAYS), expiredObjectDeleteMarker: true },
        // Presigned uploads arrive tagged pending and lose the tag when confirmed (functions/src/data/media.ts).
        { tagFilters: { [PENDING_TAG.key]: PENDING_TAG.value }, expiration: Duration.days(1) },
        // Spoken answers of the interactive player are tagged to go after a day (functions/src/data/interactive.ts).
        { tagFilters: { [ANSWER_AUDIO_TAG.key]: ANSWER_AUDIO_TAG.value }, expiration: Duration.days(1) },
        // Keepsake results (zip, book): their link works 24 h; days count from midnight UTC, so two.
        { tagFilters: { [KEEPSAKE_RESULT_TAG.key]: KEEPSAKE_RESULT_TAG.value }, expiration: Duration.days(2) },
      ],
      removalPolicy: bucketPolicy,
      autoDeleteObjects: !props.retain,
    });
  }
}
