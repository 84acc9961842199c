// CloudFront Function (JS 2.0 runtime, viewer request) on the default behaviour: app routes such
// as /dashboard or /shared/abc have no file extension in their last segment and get the SPA's
// index.html; files (/assets/app-123.js, /favicon.ico) pass through to the bucket.
// An address with a broken %-escape (/%, /stories/%E0%A4%A, /assets/%) gets the app's 400 page here,
// never the bucket's error or the SPA (its router would fail to decode it). The page's text is filled
// in at synth from the shared messages (infra/lib/edge/source.ts).
var BAD_ADDRESS_PAGE = '__BAD_ADDRESS_PAGE__';

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by name.
function handler(event) {
  var request = event.request;
  if (!wellFormed(request.uri)) {
    return {
      statusCode: 400,
      statusDescription: 'Bad Request',
      headers: {
        'content-type': { value: 'text/html; charset=utf-8' },
        'cache-control': { value: 'no-store' },
      },
      body: { encoding: 'text', data: BAD_ADDRESS_PAGE },
    };
  }
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
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
