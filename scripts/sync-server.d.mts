export interface SyncServerOptions {
  port?: number;
  host?: string;
  /** Origins whose pages may call the server (CORS with credentials). */
  origins?: readonly string[];
}

export interface StartedSyncServer {
  url: string;
  close(): Promise<void>;
}

export function startSyncServer(options?: SyncServerOptions): Promise<StartedSyncServer>;

/** The server's routes (an Express app), and the PouchDB constructor that keeps its databases. */
export function syncServerApp(origins?: readonly string[]): { app: unknown; PouchDB: unknown };

/** Serves `app` (from `syncServerApp`) on `port` (0: a free one). */
export function listen(app: unknown, port?: number, host?: string): Promise<StartedSyncServer>;
