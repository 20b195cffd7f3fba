// A local OpenAI-style upstream for the benchmark. The first user message picks the mode:
// "paced" (40 pieces, 20 ms apart: a model writing 50 tokens a second), "burst" (200 pieces
// as fast as the socket takes them), "hold" (headers and one piece, then nothing until
// POST /release).
import { createServer } from "node:http";
import { setImmediate as tick } from "node:timers/promises";

const piece = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
const usage = `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created: 1, model: "m", choices: [], usage: { prompt_tokens: 5, completion_tokens: 200, total_tokens: 205 } })}\n\n`;
const held = new Set();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const server = createServer(async (req, res) => {
  let body = "";
  for await (const part of req) body += part;
  if (req.url === "/release") {
    for (const r of held) r.end(`${piece({}, "stop")}data: [DONE]\n\n`);
    held.clear();
    res.end("ok");
    return;
  }
  if (req.method === "GET") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ object: "list", data: [{ id: "m", object: "model" }] }));
    return;
  }
  const mode = /"content":"(paced|burst|hold)"/.exec(body)?.[1] ?? "paced";
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.write(piece({ role: "assistant", content: "" }));
  if (mode === "hold") {
    held.add(res);
    res.on("close", () => held.delete(res));
    return;
  }
  const count = mode === "paced" ? 40 : 200;
  for (let i = 1; i <= count; i += 1) {
    if (res.destroyed) return;
    res.write(piece({ content: `word${i} ` }));
    if (mode === "paced") await sleep(20);
    else await tick();
  }
  res.end(`${piece({}, "stop")}${usage}data: [DONE]\n\n`);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stdout.write(`ready ${server.address().port}\n`);
});
