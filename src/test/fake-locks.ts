import type { LockApi } from "../persistence/tabs/run-locks.ts";

interface Holder {
  name: string;
  mode: "exclusive" | "shared";
  tab: number;
}

interface Waiter extends Holder {
  grant(): void;
}

/** The Web Locks of one origin, shared by several fake tabs; a tab can crash and drop its locks. */
export class FakeLockRegistry {
  private holders: Holder[] = [];
  private waiters: Waiter[] = [];
  private tabs = 0;

  tab(): LockApi & { crash(): void } {
    this.tabs += 1;
    const tab = this.tabs;
    return {
      request: (name, options, callback) => this.request(tab, name, options, callback),
      query: async () => ({ held: this.holders.map(({ name, mode }) => ({ name, mode })) }),
      crash: () => {
        this.holders = this.holders.filter((h) => h.tab !== tab);
        this.waiters = this.waiters.filter((w) => w.tab !== tab);
        this.pump();
      },
    };
  }

  private request<T>(
    tab: number,
    name: string,
    options: { mode?: "exclusive" | "shared"; ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T> {
    const mode = options.mode ?? "exclusive";
    return new Promise<T>((resolve, reject) => {
      const holder: Holder = { name, mode, tab };
      const run = () => {
        this.holders.push(holder);
        Promise.resolve(callback({ name, mode })).then(
          (value) => {
            this.drop(holder);
            resolve(value);
          },
          (error: unknown) => {
            this.drop(holder);
            reject(error);
          },
        );
      };
      const free = this.grantable(name, mode) && !this.waiters.some((w) => w.name === name);
      if (free) return run();
      if (options.ifAvailable) {
        Promise.resolve(callback(null)).then(resolve, reject);
        return;
      }
      const waiter: Waiter = { ...holder, grant: run };
      this.waiters.push(waiter);
      options.signal?.addEventListener("abort", () => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new DOMException("aborted", "AbortError"));
      });
    });
  }

  private grantable(name: string, mode: "exclusive" | "shared"): boolean {
    const held = this.holders.filter((h) => h.name === name);
    return held.length === 0 || (mode === "shared" && held.every((h) => h.mode === "shared"));
  }

  private drop(holder: Holder): void {
    this.holders = this.holders.filter((h) => h !== holder);
    this.pump();
  }

  private pump(): void {
    for (const waiter of [...this.waiters]) {
      if (!this.grantable(waiter.name, waiter.mode)) continue;
      const first = this.waiters.find((w) => w.name === waiter.name);
      if (first !== waiter) continue;
      this.waiters = this.waiters.filter((w) => w !== waiter);
      waiter.grant();
    }
  }
}
