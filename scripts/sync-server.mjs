#!/usr/bin/env node
// A CouchDB-compatible server that keeps everything in memory, for the sync tests and e2e runs:
// express-pouchdb (the HTTP layer of pouchdb-server) over PouchDB's memory adapter. Not
// pouchdb-server itself, whose optional LevelDB and SQLite adapters build native code and
// download a binary at install time. See docs/sync.md.
//
//   node scripts/sync-server.mjs --port 5984 --origin http://127.0.0.1:4178
//
// Options, or their environment variables: --port (SYNC_PORT, default 5984; 0 picks a free
// port), --host (SYNC_HOST, default 127.0.0.1), --origin, repeatable (SYNC_ORIGINS, comma
// separated): the origins whose pages may call it (CORS with credentials). It prints
// "sync server listening on <url>" once it accepts requests and stops on SIGINT or SIGTERM.
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import cors from "cors";
import express from "express";
import expressPouchDB from "express-pouchdb";
import memoryAdapter from "pouchdb-adapter-memory";
import PouchDB from "pouchdb-core";
import { deletedDatabases } from "./sync-server-gone.mjs";

/** Starts the server; resolves with its URL and a `close()` once it is listening. */
export function startSyncServer({ port = 5984, host = "127.0.0.1", origins = [] } = {}) {
  return listen(syncServerApp(origins).app, port, host);
}

/** The server's routes, and the PouchDB they keep their databases with. */
export function syncServerApp(origins = []) {
  const MemoryPouchDB = PouchDB.plugin(memoryAdapter).defaults({ adapter: "memory" });
  const app = express();
  app.disable("x-powered-by");
  app.use(
    cors({
      origin: origins,
      credentials: true,
      methods: ["GET", "HEAD", "POST", "PUT", "DELETE", "COPY"],
      exposedHeaders: ["ETag", "X-Couch-Request-ID"],
      maxAge: 600,
    }),
  );
  app.use(deletedDatabases(MemoryPouchDB));
  app.use(expressPouchDB(MemoryPouchDB, { mode: "minimumForPouchDB", logPath: false }));
  return { app, PouchDB: MemoryPouchDB };
}

/** Resolves with the server's URL and a `close()` once it is listening. */
export function listen(app, port = 0, host = "127.0.0.1") {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    // Node closes a connection idle for 5 s; a client whose event loop was busy that long (a
    // test process on a loaded machine) then sends its next request on a socket already closed
    // and fails with ECONNRESET. CouchDB keeps idle connections far longer, so this server does
    // too; it still closes them all on close().
    server.keepAliveTimeout = 600_000;
    server.once("error", reject);
    server.once("listening", () => {
      const address = server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      resolve({
        url: `http://${host}:${actualPort}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function readOptions(argv, env) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      origin: { type: "string", multiple: true },
    },
  });
  const port = Number(values.port ?? env.SYNC_PORT ?? 5984);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port: expected a port number, got ${values.port ?? env.SYNC_PORT}`);
  const origins =
    values.origin ??
    (env.SYNC_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean);
  return { port, host: values.host ?? env.SYNC_HOST ?? "127.0.0.1", origins };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = readOptions(process.argv.slice(2), process.env);
  const { url, close } = await startSyncServer(options);
  const cors = options.origins.length ? options.origins.join(", ") : "no other origin";
  console.log(`sync server listening on ${url} (in memory; CORS: ${cors})`);
  const stop = () => close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
