/** The parts of API Gateway HTTP API (payload 2.0) events and results that the handlers use. */
export interface HttpEvent {
  version: '2.0';
  routeKey: string;
  rawPath: string;
  rawQueryString: string;
  headers: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
  pathParameters?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded: boolean;
  requestContext: {
    requestId: string;
    routeKey: string;
    stage: string;
    time?: string;
    timeEpoch: number;
    http: { method: string; path: string; protocol: string; sourceIp: string; userAgent: string };
    authorizer?: { jwt?: { claims: Record<string, string | number | boolean | string[]>; scopes: string[] | null } };
  };
}

export interface HttpResult {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
}

export interface SqsRecord {
  messageId: string;
  receiptHandle: string;
  body: string;
  attributes: Record<string, string>;
  messageAttributes: Record<string, unknown>;
  eventSource: 'aws:sqs';
  eventSourceARN: string;
}
export interface SqsEvent {
  Records: SqsRecord[];
}
export interface SqsBatchResponse {
  batchItemFailures: Array<{ itemIdentifier: string }>;
}
