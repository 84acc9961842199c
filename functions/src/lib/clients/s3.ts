import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { config } from '../config.ts';

const options = (): S3ClientConfig => ({
  region: config.region,
  endpoint: config.endpoints.s3,
  // Path-style URLs work with local stand-ins (no wildcard DNS for bucket subdomains).
  forcePathStyle: Boolean(config.endpoints.s3),
  // Real S3 rejects presigned PUTs that carry the empty-body checksum; local streams get corrupted with it.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

export const s3 = /* @__PURE__ */ new S3Client(/* @__PURE__ */ options());
