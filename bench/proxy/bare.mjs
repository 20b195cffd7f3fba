// The floor: a bare Node pass-through that forwards the request and pipes the answer back.
import { Agent, createServer, request } from "node:http";

const target = new URL(process.env.UPSTREAM);
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

const server = createServer((req, res) => {
  const upstream = request(
    {
      host: target.hostname,
      port: target.port,
      path: `/v1/chat/completions`,
      method: req.method,
      headers: { "content-type": "application/json" },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => res.destroy());
  res.on("close", () => upstream.destroy());
  req.pipe(upstream);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stdout.write(`ready ${server.address().port}\n`);
});
