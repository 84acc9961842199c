/**
 * The browser security headers of every response, in one place: CloudFront's response headers policy
 * (constructs/web-app.ts) and local mode's server (infra/local/stack.ts) both take them from here, so
 * the browser tests run the SPA under the same policy as production (docs/infrastructure.md,
 * "Browser security").
 */
export interface SecurityHeaderOptions {
  /**
   * Origins of the media bucket's presigned URLs (uploads, images and audio), e.g.
   * `https://<bucket>.s3.<region>.amazonaws.com` in AWS or `http://127.0.0.1:<port>` locally.
   */
  mediaOrigins: readonly string[];
  /** Send `upgrade-insecure-requests` (HTTPS deployments; never for local http). */
  upgradeInsecureRequests?: boolean;
}

/**
 * No inline script or style anywhere (the SPA is one module script and one stylesheet, web/build.ts);
 * React's `style` props go through the CSSOM, which `style-src` does not govern. `data:` images are the
 * inline favicon; `blob:` is the recorder's playback of what it just recorded.
 */
export function contentSecurityPolicy(opts: SecurityHeaderOptions): string {
  const media = opts.mediaOrigins.join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['img-src', `'self' data: blob: ${media}`],
    ['media-src', `'self' blob: ${media}`],
    ['connect-src', `'self' ${media}`],
    ['font-src', "'self'"],
    ['worker-src', "'self' blob:"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  const policy = directives.map(([name, value]) => `${name} ${value.trim()}`);
  if (opts.upgradeInsecureRequests) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/** Microphone for the voice recorder on the app's own pages; nothing else the app does not use. */
export const PERMISSIONS_POLICY =
  'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()';
/** Share links carry their token in the path: never send a path to another origin. */
export const REFERRER_POLICY = 'same-origin';
/** Two years with subdomains, as the HSTS preload list expects. */
export const HSTS_SECONDS = 63_072_000;

/** The headers as a plain map (local mode); CloudFront sets the same through its policy's typed fields. */
export function securityHeaders(opts: SecurityHeaderOptions & { hsts?: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(opts),
    'permissions-policy': PERMISSIONS_POLICY,
    'referrer-policy': REFERRER_POLICY,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(opts.hsts && { 'strict-transport-security': `max-age=${HSTS_SECONDS}; includeSubDomains` }),
  };
}
