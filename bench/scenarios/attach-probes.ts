import type { Page } from "@playwright/test";

/** What the attach probes saw; times are the page's `performance.now()`. */
export interface AttachProbeState {
  /** When a file input last fired `change` (the file was chosen). */
  chosenAt: number;
  /** When the chip's Remove button was first on the page, then when the frame showing it was painted. */
  chipAt: number;
  chipPaintedAt: number;
  /** When each IndexedDB transaction that wrote a message chunk (`m:` keys) completed. */
  messagesStored: number[];
}

declare global {
  interface Window {
    __attach: AttachProbeState;
  }
}

/**
 * Runs in the page before the app: notes when a file is chosen and when each transaction that
 * writes message records commits. Only keys are looked at, so the probe adds no work worth
 * measuring to the page's own.
 */
function installAttachProbes(): void {
  const state: AttachProbeState = {
    chosenAt: 0,
    chipAt: 0,
    chipPaintedAt: 0,
    messagesStored: [],
  };
  window.__attach = state;
  addEventListener(
    "change",
    (e) => {
      if (e.target instanceof HTMLInputElement && e.target.type === "file")
        state.chosenAt = performance.now();
    },
    true,
  );
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, value, key) {
    const request = put.call(this, value, key);
    if (typeof key === "string" && key.startsWith("m:"))
      this.transaction.addEventListener("complete", () =>
        state.messagesStored.push(performance.now()),
      );
    return request;
  };
}

export async function addAttachProbes(page: Page): Promise<void> {
  await page.addInitScript(installAttachProbes);
}

/** Starts watching for the chip of `name` (its Remove button in the Attachments list). */
export async function watchChip(page: Page, name: string): Promise<void> {
  await page.evaluate((selector) => {
    const state = window.__attach;
    state.chipAt = 0;
    state.chipPaintedAt = 0;
    const seen = () => {
      if (state.chipAt || !document.querySelector(selector)) return;
      state.chipAt = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          state.chipPaintedAt = performance.now();
        };
        channel.port2.postMessage(null);
      });
    };
    const observer = new MutationObserver(seen);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  }, `ul[aria-label="Attachments"] button[aria-label="Remove ${name}"]`);
}

export function readAttachProbes(page: Page): Promise<AttachProbeState> {
  return page.evaluate(() => window.__attach);
}

/** The origin's storage use as the browser estimates it, in bytes. */
export function storageUsage(page: Page): Promise<number> {
  return page.evaluate(async () => (await navigator.storage.estimate()).usage ?? Number.NaN);
}

/** The bytes of every attachment record in `parley-attachments` (docs/persistence.md). */
export function storedBlobBytes(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("parley-attachments");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction("blobs").objectStore("blobs").getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            const records = all.result as { bytes: Uint8Array }[];
            resolve(records.reduce((sum, r) => sum + r.bytes.byteLength, 0));
          };
        };
      }),
  );
}
