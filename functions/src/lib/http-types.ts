import type {
  APIGatewayEventRequestContextJWTAuthorizer,
  APIGatewayEventRequestContextV2,
  APIGatewayProxyEventV2WithRequestContext,
  APIGatewayProxyStructuredResultV2,
  SQSBatchResponse,
  SQSEvent,
  SQSMessageAttributes,
  SQSRecord,
} from 'aws-lambda';

/**
 * API Gateway HTTP API (payload 2.0) events and results, from @types/aws-lambda. The JWT authorizer is
 * optional: public routes run without one (and local mode passes no claims to them either).
 */
export type HttpEvent = APIGatewayProxyEventV2WithRequestContext<
  APIGatewayEventRequestContextV2 & { authorizer?: APIGatewayEventRequestContextJWTAuthorizer }
>;

/** What handlers answer: always a status, string headers (API Gateway's type also allows numbers and booleans). */
export type HttpResult = Omit<APIGatewayProxyStructuredResultV2, 'statusCode' | 'headers'> & {
  statusCode: number;
  headers?: Record<string, string>;
};

/**
 * An SQS record as the worker reads it: the fields it uses, typed as Lambda's. Lambda sends more
 * (md5OfBody, awsRegion, every system attribute); local mode and tests need not invent them.
 */
export type SqsRecord = Pick<SQSRecord, 'messageId' | 'receiptHandle' | 'body' | 'eventSource' | 'eventSourceARN'> & {
  attributes: Partial<SQSRecord['attributes']>;
  messageAttributes: SQSMessageAttributes;
};
export type SqsEvent = Omit<SQSEvent, 'Records'> & { Records: SqsRecord[] };
export type SqsBatchResponse = SQSBatchResponse;
