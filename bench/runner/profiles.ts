import type { SessionGroup } from "../data/sessions.ts";
import type { SeedAttachments, SeedReport } from "../page/seed-entry.ts";
import { copyProfile, removeDir, tempDir } from "./browser.ts";
import { seedProfile } from "./seed.ts";

/**
 * Seeded browser profiles, generated once per run and copied for each benchmark that may
 * write to them, so one benchmark never sees another's leftovers.
 */
export class Profiles {
  private readonly seeded = new Map<string, Promise<{ dir: string; report: SeedReport }>>();
  private readonly made: string[] = [];

  constructor(
    private readonly origin: string,
    private readonly script: () => Promise<string>,
    private readonly log: (message: string) => void,
  ) {}

  /** The seeded template of `name`; never launch a browser on it, take a `copy`. */
  template(
    name: string,
    groups: SessionGroup[],
    attachments?: SeedAttachments,
  ): Promise<{ dir: string; report: SeedReport }> {
    let pending = this.seeded.get(name);
    if (!pending) {
      pending = (async () => {
        this.log(
          `seeding profile "${name}": ${groups.map((g) => `${g.count}×${g.messages}`).join(" + ")} messages`,
        );
        const seeded = await seedProfile(
          this.origin,
          await this.script(),
          groups,
          name,
          attachments,
        );
        this.made.push(seeded.dir);
        const r = seeded.report;
        const files = r.blobs ? `, ${r.blobs} files (${(r.blobBytes / 1e6).toFixed(0)} MB)` : "";
        this.log(
          `seeded ${r.sessions} sessions, ${r.messages} messages${files} in ${(r.ms / 1000).toFixed(1)} s`,
        );
        return seeded;
      })();
      this.seeded.set(name, pending);
    }
    return pending;
  }

  async copy(name: string, groups: SessionGroup[], attachments?: SeedAttachments): Promise<string> {
    const { dir } = await this.template(name, groups, attachments);
    const copy = copyProfile(dir, name);
    this.made.push(copy);
    return copy;
  }

  empty(name: string): string {
    const dir = tempDir(name);
    this.made.push(dir);
    return dir;
  }

  cleanup(): void {
    for (const dir of this.made) removeDir(dir);
    this.made.length = 0;
  }
}
