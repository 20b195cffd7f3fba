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
