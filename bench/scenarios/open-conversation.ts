import {
  firstMarker,
  lastMarker,
  type SessionGroup,
  sessionIdOf,
  sessionTitle,
} from "../data/sessions.ts";
import { AppPage, LOG_SELECTOR } from "../runner/app-page.ts";
import { firstPage, launchProfile } from "../runner/browser.ts";
import { diagnosed } from "../runner/diagnose.ts";
import {
  addProbes,
  type LongEntry,
  longest,
  readProbes,
  resetLongEntries,
} from "../runner/probes.ts";
import type { ScenarioContext } from "../runner/scenario.ts";

export const WHEEL_PX = 2000;

const maxDuration = (entries: LongEntry[]) => Math.max(0, ...entries.map((e) => e.duration));

/**
 * Marks the element that scrolls the log (the log itself, an ancestor, or a shallow descendant)
 * so the loop below can read its position cheaply; the probes must not cost long tasks themselves.
 */
async function markScroller(app: AppPage): Promise<void> {
  await app.page.evaluate((selector) => {
    const log = document.querySelector(selector);
    if (!log) throw new Error("the Messages log is missing");
    const scrolls = (el: Element) =>
      el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(el).overflowY);
    const candidates: Element[] = [log];
    for (let el = log.parentElement; el; el = el.parentElement) candidates.push(el);
    let level: Element[] = [...log.children];
    for (let depth = 0; depth < 3; depth++) {
      candidates.push(...level);
      level = level.flatMap((el) => [...el.children]).slice(0, 200);
    }
    const scroller =
      candidates.find(scrolls) ?? document.scrollingElement ?? document.documentElement;
    scroller.setAttribute("data-bench-scroller", "");
  }, LOG_SELECTOR);
}

/** The scroller's position, and whether the first rendered message holds `marker`. */
async function position(
  app: AppPage,
  marker: string,
): Promise<{ top: number; first: boolean; fromEnd: number }> {
  return app.page.evaluate(
    ({ selector, marker }) => {
      const scroller = document.querySelector("[data-bench-scroller]");
      const first = document.querySelector(`${selector} article`);
      const row = document.querySelector(`${selector} [data-index]`)?.getAttribute("data-index");
      const count = document.querySelector(`${selector} [data-count]`)?.getAttribute("data-count");
      return {
        top: scroller?.scrollTop ?? Number.NaN,
        first: (first?.textContent ?? "").includes(marker),
        // Counted from the end: the log may open on a preview of the newest rows, whose indexes
        // are not the whole list's, and become the whole list while it scrolls.
        fromEnd: row && count ? Number(count) - 1 - Number(row) : Number.NaN,
      };
    },
    { selector: LOG_SELECTOR, marker },
  );
}

/** What opening and scrolling one conversation gave, run after run. */
export interface OpenSamples {
  open: number[];
  openLongest: number[];
  scrollLongest: number[];
  scrollFrames: number[];
  scrollSeconds: number[];
  rowsPerSecond: number[];
  runs: unknown[];
  unreached: number;
}

/**
 * Opens the first conversation of `group` from the sidebar of a store seeded with the sidebar's
 * conversations and it, then scrolls its log up to its first message.
 */
export async function openAndScroll(
  ctx: ScenarioContext,
  group: SessionGroup,
  profileName: string,
): Promise<OpenSamples> {
  const { sidebar } = ctx.sizes;
  const long = group;
  const profile = await ctx.profiles.copy(profileName, [sidebar, group]);
  const id = sessionIdOf(long, 0);
  const title = sessionTitle(long.tag, 0);
  const open: number[] = [];
  const openLongest: number[] = [];
  const scrollLongest: number[] = [];
  const scrollFrames: number[] = [];
  const scrollSeconds: number[] = [];
  const rowsPerSecond: number[] = [];
  const runs: unknown[] = [];
  let unreached = 0;
  for (let rep = 0; rep < ctx.reps; rep++) {
    const context = await launchProfile(profile);
    try {
      const page = await firstPage(context);
      await addProbes(page);
      const app = new AppPage(page);
      await app.openWithSidebar(ctx.server.origin);
      await resetLongEntries(page);
      const opened = await diagnosed(ctx.diagnose, page, ctx.server.clientDir, () =>
        app.openConversation(title, lastMarker(id), 60_000),
      );
      open.push(opened.result);
      if (opened.diagnosis) ctx.log(`opening: ${opened.diagnosis.summary}`);
      await app.nextFrame();
      await app.nextFrame();
      const opening = await readProbes(page);
      openLongest.push(maxDuration(opening.longTasks));

      await resetLongEntries(page);
      const box = await app.log.boundingBox();
      if (!box) throw new Error("the Messages log is not on screen after opening the conversation");
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await markScroller(app);
      const started = Date.now();
      let steps = 0;
      let still = 0;
      let last = Number.NaN;
      let reached = false;
      const from = await position(app, firstMarker(id));
      let to = from;
      let endedAt = started;
      const scrolled = await diagnosed(ctx.diagnose, page, ctx.server.clientDir, async () => {
        while (Date.now() - started < ctx.sizes.scrollBudgetMs) {
          await page.mouse.wheel(0, -WHEEL_PX);
          await app.nextFrame();
          steps++;
          if (steps % 10 !== 0) continue;
          const now = await position(app, firstMarker(id));
          to = now;
          if (now.top <= 1 && now.first) {
            reached = true;
            break;
          }
          still = now.top === last ? still + 1 : 0;
          last = now.top;
          if (still >= 5) break;
        }
        endedAt = Date.now();
      });
      if (scrolled.diagnosis) ctx.log(`scrolling: ${scrolled.diagnosis.summary}`);
      const elapsed = (endedAt - started) / 1000;
      await app.nextFrame();
      const scrolling = await readProbes(page);
      if (!reached) unreached++;
      scrollLongest.push(maxDuration(scrolling.longTasks));
      scrollFrames.push(scrolling.longFrames.length);
      scrollSeconds.push(elapsed);
      rowsPerSecond.push((to.fromEnd - from.fromEnd) / elapsed);
      runs.push({
        steps,
        reached,
        fromRowsFromEnd: from.fromEnd,
        toRowsFromEnd: to.fromEnd,
        openingDiagnosis: opened.diagnosis?.data,
        scrollingDiagnosis: scrolled.diagnosis?.data,
        openingLongFrames: longest(opening.longFrames),
        scrollLongTasks: longest(scrolling.longTasks),
        scrollLongFrames: longest(scrolling.longFrames),
      });
    } finally {
      await context.close();
    }
  }
  ctx.log(`${title}: opened in ${open.map((v) => v.toFixed(0)).join(", ")} ms`);
  return {
    open,
    openLongest,
    scrollLongest,
    scrollFrames,
    scrollSeconds,
    rowsPerSecond,
    runs,
    unreached,
  };
}
