import { createStore, entries, set, type UseStore } from "idb-keyval";
import { prepareDatabase } from "./database/idb-connection.ts";
import {
  type IdbRepositoryOptions,
  IdbSessionRepository,
  type WriteStats,
} from "./idb-repository.ts";
import { STORE_NAME } from "./layout/idb-names.ts";

let counter = 0;

/** A fresh database name per test, so tests never see each other's records. */
export function freshName(): string {
  counter += 1;
  return `parley-test-${counter}-${Math.random().toString(36).slice(2)}`;
}

export interface Tab {
  repository: IdbSessionRepository;
  writes: WriteStats[];
}

/** A repository as a tab of the app opens it: database prepared, index loaded. */
export async function openTab(name: string, options: IdbRepositoryOptions = {}): Promise<Tab> {
  await prepareDatabase(name);
  const writes: WriteStats[] = [];
  const repository = new IdbSessionRepository({
    name,
    throttleMs: 0,
    onWrite: (w) => writes.push(w),
    ...options,
  });
  await repository.load();
  return { repository, writes };
}

export function rawStore(name: string): UseStore {
  return createStore(name, STORE_NAME);
}

export async function rawRecords(name: string): Promise<Map<string, unknown>> {
  const all = await entries<string, unknown>(rawStore(name));
  return new Map(all);
}

export async function putRaw(name: string, key: string, value: unknown): Promise<void> {
  await set(key, value, rawStore(name));
}
