// CloudFront Function (JS 2.0 runtime, viewer request) on the default behaviour: app routes such
// as /dashboard or /shared/abc have no file extension in their last segment and get the SPA's
// index.html; files (/assets/app-123.js, /favicon.ico) pass through to the bucket.
// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by name.
function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
