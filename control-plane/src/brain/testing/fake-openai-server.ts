/**
 * A local stand-in for an OpenAI-compatible chat-completions endpoint, for tests:
 * node:http on an ephemeral port, so tests never touch the network or need a key.
 * It records every request and answers from a queue of scripted responses (or a
 * handler), which can be errors, delays, malformed bodies or dropped connections.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface ScriptedResponse {
  /** Default 200. */
  status?: number;
  /** A string is sent as is (malformed bodies); anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
  /** Drop the connection without answering. */
  destroy?: boolean;
}

export type Handler = (request: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>;

export interface FakeOpenAiServer {
  /** Base URL to configure a model with, e.g. `http://127.0.0.1:54321/v1`. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Answers in order, one per request. */
  enqueue(...responses: ScriptedResponse[]): void;
  /** Used once the queue is empty. */
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export const CHAT_COMPLETIONS_PATH = '/v1/chat/completions';

/** A chat-completions response whose message content is `content` (objects are JSON-encoded). */
export function chatCompletion(content: unknown): ScriptedResponse {
  return {
    body: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 0,
      model: 'fake',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) },
          finish_reason: 'stop',
        },
      ],
    },
  };
}

/** An OpenAI-style error body. */
export function errorResponse(status: number, message: string): ScriptedResponse {
  return { status, body: { error: { message, type: 'fake_error', code: null } } };
}

/** The body a chat-completions request sends (what tests read back). */
export interface ChatBody {
  model: string;
  temperature: number;
  response_format: unknown;
  messages: Array<{ role: string; content: string | Array<{ type: string; text?: string; image_url?: { url: string } }> }>;
}

/** The text of the user message the model was sent. */
export function userText(request: RecordedRequest): string {
  const content = (request.json as ChatBody).messages[1]!.content;
  if (typeof content === 'string') return content;
  return content
    .filter((p) => p.type === 'text')
    .map((p) => p.text)
    .join('\n');
}

/** The index the model was shown for the element line matching `pattern`, as a model would pick it. */
export function shownIndex(request: RecordedRequest, pattern: RegExp): number {
  const line = userText(request)
    .split('\n')
    .find((l) => /^\d+ /.test(l) && pattern.test(l));
  if (!line) throw new Error(`no element line matches ${pattern}:\n${userText(request)}`);
  return Number(line.split(' ')[0]);
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  const queue: ScriptedResponse[] = [];
  const timers = new Set<NodeJS.Timeout>();
  // Unscripted requests are a test bug: answer loudly rather than hang.
  let handler: Handler = () => errorResponse(500, 'fake server: no scripted response left');

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const recorded: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, json };
      requests.push(recorded);
      void (async () => {
        // A wrong URL is answered like a real provider would, so a path bug shows as a 404.
        const scripted =
          recorded.method !== 'POST' || recorded.url !== CHAT_COMPLETIONS_PATH
            ? errorResponse(404, `fake server: no route ${recorded.method} ${recorded.url}`)
            : (queue.shift() ?? (await handler(recorded)));
        const send = () => {
          if (scripted.destroy) {
            req.socket.destroy();
            return;
          }
          const payload = typeof scripted.body === 'string' ? scripted.body : JSON.stringify(scripted.body ?? {});
          res.writeHead(scripted.status ?? 200, { 'content-type': 'application/json', ...scripted.headers });
          res.end(payload);
        };
        if (!scripted.delayMs) return send();
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) send();
        }, scripted.delayMs);
        timers.add(timer);
      })();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...responses) => void queue.push(...responses),
    setHandler: (h) => {
      handler = h;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
