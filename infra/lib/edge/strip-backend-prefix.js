// CloudFront Function (JS 2.0 runtime, viewer request) on the /backend/* behaviour: the HTTP API
// serves the spec's paths, so /backend/api/stories reaches it as /api/stories. The query string
// travels separately in event.request.querystring and is kept as is.
// It also stamps the viewer's address on the request (x-storyloom-viewer), overwriting whatever the
// client sent: the API trusts it only on requests that carry CloudFront's origin header
// (functions/src/lib/edge.ts), so per-client limits count visitors, not edge servers.
// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by name.
function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\/backend(?=\/|$)/, '') || '/';
  if (request.headers) {
    // biome-ignore lint/complexity/useOptionalChain: plain ES5 reads for the CloudFront Functions runtime.
    if (event.viewer && event.viewer.ip) request.headers['x-storyloom-viewer'] = { value: event.viewer.ip };
    else delete request.headers['x-storyloom-viewer'];
  }
  return request;
}
