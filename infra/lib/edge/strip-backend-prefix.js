// CloudFront Function (JS 2.0 runtime, viewer request) on the /backend/* behaviour: the HTTP API
// serves the spec's paths, so /backend/api/stories reaches it as /api/stories. The query string
// travels separately in event.request.querystring and is kept as is.
// It also stamps the viewer's address on the request (x-storyloom-viewer), overwriting whatever the
// client sent: the API trusts it only on requests that carry CloudFront's origin header
// (functions/src/lib/edge.ts), so per-client limits count visitors, not edge servers.
// A path with a broken %-escape (/backend/%) is answered here with the API's 400 `{error}`: it never
// reaches API Gateway. The body is filled in at synth from the shared messages (infra/lib/edge/source.ts).
var BAD_ADDRESS_JSON = '__BAD_ADDRESS_JSON__';

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by name.
function handler(event) {
  var request = event.request;
  if (!wellFormed(request.uri)) {
    return {
      statusCode: 400,
      statusDescription: 'Bad Request',
      headers: {
        'content-type': { value: 'application/json' },
        'cache-control': { value: 'no-store' },
      },
      body: { encoding: 'text', data: BAD_ADDRESS_JSON },
    };
  }
  request.uri = request.uri.replace(/^\/backend(?=\/|$)/, '') || '/';
  if (request.headers) {
    // biome-ignore lint/complexity/useOptionalChain: plain ES5 reads for the CloudFront Functions runtime.
    if (event.viewer && event.viewer.ip) request.headers['x-storyloom-viewer'] = { value: event.viewer.ip };
    else delete request.headers['x-storyloom-viewer'];
  }
  return request;
}

function wellFormed(uri) {
  try {
    decodeURIComponent(uri);
    return true;
  } catch (_e) {
    return false;
  }
}
