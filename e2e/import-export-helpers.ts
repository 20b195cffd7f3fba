import { readFileSync } from "node:fs";
import { type Download, expect, type Locator, type Page } from "@playwright/test";

/** An item of the `More` or `Conversation actions` menu: `click` opens the menu and chooses it. */
export class MenuItem {
  constructor(
    readonly page: Page,
    readonly menu: "More" | "Conversation actions",
    readonly name: string,
  ) {}

  /** Opens the menu and returns the item, to look at it (Escape closes the menu). */
  async open(): Promise<Locator> {
    await this.page.getByRole("button", { name: this.menu, exact: true }).click();
    const item = this.page
      .getByRole("menu")
      .getByRole("menuitem", { name: this.name, exact: true });
    await expect(item).toBeVisible();
    return item;
  }

  async click() {
    await (await this.open()).click();
  }
}

/** The import dialog and the export actions, by the names of `docs/ui-contract.md`. */
export class ImportExportPage {
  readonly exportChat: MenuItem;
  readonly exportAll: MenuItem;
  readonly importFile: Locator;
  readonly dialog: Locator;
  readonly importButton: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.exportChat = new MenuItem(page, "Conversation actions", "Export chat");
    this.exportAll = new MenuItem(page, "More", "Export all");
    this.importFile = page.getByLabel("Import file");
    this.dialog = page.getByRole("dialog", { name: "Import conversations" });
    this.importButton = this.dialog.getByRole("button", { name: "Import", exact: true });
    this.cancel = this.dialog.getByRole("button", { name: "Cancel" });
  }

  async download(button: { click(): Promise<void> }): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), button.click()]);
    return { name: download.suggestedFilename(), text: await readDownload(download) };
  }

  /** Chooses files with the Import file input and waits for the plan (Import may stay disabled). */
  async choose(files: Array<{ name: string; text: string | Buffer; mimeType?: string }>) {
    await this.importFile.setInputFiles(
      files.map((f) => ({
        name: f.name,
        mimeType: f.mimeType ?? "application/json",
        buffer: typeof f.text === "string" ? Buffer.from(f.text) : f.text,
      })),
    );
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog.getByRole("list", { name: "Files", exact: true })).toBeVisible({
      timeout: 20_000,
    });
  }

  items(): Locator {
    return this.dialog
      .getByRole("list", { name: "Conversations in the files" })
      .getByRole("listitem");
  }

  async commit() {
    await this.importButton.click();
    await expect(this.dialog.getByRole("status")).toBeVisible();
  }
}

async function readDownload(download: Download): Promise<string> {
  const path = await download.path();
  return readFileSync(path, "utf8");
}

export function fixture(path: string): Buffer {
  return readFileSync(`fixtures/${path}`);
}

/**
 * Every record of every IndexedDB database Parley keeps, as JSON text, to compare before and
 * after. The service worker's cache bookkeeping (Workbox's `workbox-expiration`) is not Parley's
 * data and changes whenever an asset is fetched, so it is left out.
 */
export function dumpIndexedDb(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: Record<string, Record<string, Array<[unknown, unknown]>>> = {};
    const asPromise = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    for (const info of await indexedDB.databases()) {
      if (!info.name?.startsWith("parley")) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name as string);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const stores: Record<string, Array<[unknown, unknown]>> = {};
      for (const name of Array.from(db.objectStoreNames)) {
        const store = db.transaction(name, "readonly").objectStore(name);
        const keys = await asPromise(store.getAllKeys());
        const values = await asPromise(store.getAll());
        stores[name] = keys.map((k, i) => [k, values[i]]);
      }
      db.close();
      out[info.name] = stores;
    }
    return JSON.stringify(out);
  });
}

/** The export text without its `exported_at` line, to compare two exports. */
export function withoutExportTime(text: string): string {
  return text.replace(/"exported_at": "[^"]*"/, '"exported_at": ""');
}

/** A Parley export file of these sessions, as the tests write one to import. */
export function nativeExport(sessions: readonly object[], exportedAt: string, version = 2): string {
  return JSON.stringify({
    format: "parley",
    version,
    exported_at: exportedAt,
    app: { name: "Parley", version: "0.1.0" },
    sessions,
  });
}
