// CloudFront Function (JS 2.0 runtime, viewer request) on the /backend/* behaviour: the HTTP API
// serves the spec's paths, so /backend/api/stories reaches it as /api/stories. The query string
// travels separately in event.request.querystring and is kept as is.
// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by name.
function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\/backend(?=\/|$)/, '') || '/';
  return request;
}
