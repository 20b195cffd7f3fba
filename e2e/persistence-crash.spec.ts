import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { ChatPage } from "./chat-page.ts";
import { DiskProfile } from "./persistence-profile.ts";

/** SIGKILL for every process of the browser that runs on `dir` (found by its own profile path). */
function killBrowser(dir: string): number {
  const lines = execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" }).split("\n");
  const pids = lines
    .filter((line) => line.includes(`--user-data-dir=${dir}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((pid) => Number.isInteger(pid) && pid !== process.pid);
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone with its parent.
    }
  }
  return pids.length;
}

test("a browser killed mid-answer comes back with the question and the partial answer, interrupted", async ({
  baseURL,
}) => {
  test.setTimeout(60_000);
  const profile = new DiskProfile(baseURL ?? "");
  try {
    const first = await profile.launch();
    const page = first.pages()[0] ?? (await first.newPage());
    const chat = new ChatPage(page);
    await chat.open();
    await chat.startLongAnswer(400);
    const id = chat.activeId();
    const seen = await chat.answerText();
    expect(killBrowser(profile.dir)).toBeGreaterThan(0);
    await first.close().catch(() => undefined);

    const second = await profile.launch();
    try {
      const again = new ChatPage(second.pages()[0] ?? (await second.newPage()));
      await again.open(`/c/${id}`);
      await expect(again.messages("user")).toHaveText([/Write me something long please/]);
      await expect(again.lastAnswer()).toHaveAttribute("data-status", "interrupted");
      await expect(again.lastAnswer().getByRole("button", { name: "Retry" })).toBeVisible();
      const kept = await again.answerText();
      expect(kept.length).toBeGreaterThan(100);
      const common = Math.min(kept.length, seen.length) - 20;
      expect(kept.slice(0, common)).toBe(seen.slice(0, common));
    } finally {
      await second.close();
    }
  } finally {
    profile.remove();
  }
});
