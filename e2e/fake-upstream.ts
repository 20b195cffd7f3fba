import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/** A chat request as the upstream received it from the proxy. */
export type UpstreamRequest = Record<string, unknown> & {
  messages: { role: string; content: unknown }[];
};

/** What the upstream does with a request: stream `text`, or answer `status` with a body. */
export type UpstreamReply = { text: string } | { status: number; body: string };

/** A recorded provider error body (`fixtures/errors/`), as the upstream sends it. */
export function recordedError(file: string): string {
  return readFileSync(join(import.meta.dirname, "../fixtures/errors", file), "utf8");
}

/** The text of a request's last user message. */
export function lastUserText(request: UpstreamRequest): string {
  const last = request.messages.findLast((m) => m.role === "user");
  return typeof last?.content === "string" ? last.content : JSON.stringify(last?.content ?? "");
}

function streamed(response: ServerResponse, text: string) {
  response.writeHead(200, { "content-type": "text/event-stream" });
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({
      id: "chatcmpl-fake",
      object: "chat.completion.chunk",
      created: 0,
      model: "fake",
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;
  response.end(
    `${chunk({ role: "assistant", content: "" }, null)}${chunk({ content: text }, null)}${chunk({}, "stop")}data: [DONE]\n\n`,
  );
}

/**
 * An OpenAI-compatible upstream on a free port of 127.0.0.1 for the proxy to talk to: each chat
 * request is recorded and answered as `reply` says (given every request so far, this one last),
 * so a test sees what the proxy sent.
 */
export async function fakeUpstream(
  reply: (request: UpstreamRequest, requests: readonly UpstreamRequest[]) => UpstreamReply,
) {
  const requests: UpstreamRequest[] = [];
  const read = async (request: IncomingMessage) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    return body;
  };
  const server = createServer(async (request, response) => {
    if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await read(request)) as UpstreamRequest;
    requests.push(body);
    const answer = reply(body, requests);
    if ("text" in answer) streamed(response, answer.text);
    else response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
