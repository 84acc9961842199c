import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking OpenAI's chat completions wire format (`POST /v1/chat/completions`), for the
 * answerer's contract tests. Replies are scripted per test: a JSON-schema answer, a refusal, an error status,
 * a delay past the client's time-out, or a body that is not the schema's JSON.
 */
export type OpenAiReply =
  | { kind: 'answer'; content: string }
  | { kind: 'refusal'; refusal: string }
  | { kind: 'error'; status: number; headers?: Record<string, string>; code?: string }
  | { kind: 'delay'; ms: number; content: string };

export interface OpenAiFake {
  /** The base URL to give the SDK (`…/v1`). */
  url: string;
  /** Bodies of the requests received (parsed JSON), newest last. */
  requests: Array<{ authorization: string | undefined; body: Record<string, unknown> }>;
  reply(next: OpenAiReply): void;
  close(): Promise<void>;
}

function completion(message: Record<string, unknown>) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export async function startOpenAiFake(): Promise<OpenAiFake> {
  let next: OpenAiReply = { kind: 'error', status: 500 };
  const requests: OpenAiFake['requests'] = [];
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        send(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
        return;
      }
      requests.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString()) });
      const reply = next;
      if (reply.kind === 'answer') send(res, 200, completion({ content: reply.content, refusal: null }));
      else if (reply.kind === 'refusal') send(res, 200, completion({ content: null, refusal: reply.refusal }));
      else if (reply.kind === 'error') {
        // OpenAI's error body: { error: { message, type, param, code } } (insufficient_quota comes as a 429).
        const error = {
          message: `fake ${reply.status}`,
          type: reply.code ?? 'server_error',
          param: null,
          code: reply.code ?? null,
        };
        send(res, reply.status, { error }, reply.headers);
      } else {
        const timer = setTimeout(() => send(res, 200, completion({ content: reply.content, refusal: null })), reply.ms);
        res.on('close', () => clearTimeout(timer));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (r) => {
      next = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
