import type { Page } from "@playwright/test";

/** A main-thread task or animation frame the browser reported as long (over 50 ms). */
export interface LongEntry {
  start: number;
  duration: number;
  /** For long animation frames: the time input would have waited. */
  blocking?: number;
  /** For long animation frames: the scripts that ran longest in it. */
  scripts?: string[];
}

/** What the probes saw in the page; times are `performance.now()` of the page. */
export interface ProbeState {
  longTasks: LongEntry[];
  longFrames: LongEntry[];
  marks: Record<string, number>;
  frames: number[];
  framesOn: boolean;
  lastClick: number;
}

declare global {
  interface Window {
    __bench: ProbeState;
  }
}

/**
 * Runs in the page before any of the app's scripts: records long tasks and long animation frames,
 * the time of the last click, and when the sidebar first lists conversations and is free for input.
 */
function installProbes(): void {
  const state: ProbeState = {
    longTasks: [],
    longFrames: [],
    marks: {},
    frames: [],
    framesOn: false,
    lastClick: 0,
  };
  window.__bench = state;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        state.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const frame = e as PerformanceEntry & {
          blockingDuration?: number;
          scripts?: {
            duration: number;
            invoker: string;
            sourceURL: string;
            sourceFunctionName: string;
          }[];
        };
        const scripts = [...(frame.scripts ?? [])]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map(
            (s) =>
              `${Math.round(s.duration)}ms ${s.invoker} ${s.sourceFunctionName}@${s.sourceURL.split("/").pop()}`,
          );
        state.longFrames.push({
          start: e.startTime,
          duration: e.duration,
          blocking: frame.blockingDuration ?? 0,
          scripts,
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {}
  addEventListener(
    "click",
    (e) => {
      state.lastClick = e.timeStamp;
    },
    true,
  );

  const afterNextPaint = (name: string) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        state.marks[name] = performance.now();
      };
      channel.port2.postMessage(null);
    });
  };
  const sidebarListed = () =>
    document.querySelector(
      'nav[aria-label="Conversations"] a, nav[aria-label="Conversations"] [role="link"]',
    ) !== null;
  const observer = new MutationObserver(() => {
    if (state.marks.sidebarDom === undefined && sidebarListed()) {
      state.marks.sidebarDom = performance.now();
      afterNextPaint("sidebarInteractive");
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

export async function addProbes(page: Page): Promise<void> {
  await page.addInitScript(installProbes);
}

export async function readProbes(page: Page): Promise<ProbeState> {
  return page.evaluate(() => window.__bench);
}

/** Forgets the long tasks and frames seen so far. */
export async function resetLongEntries(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__bench.longTasks = [];
    window.__bench.longFrames = [];
  });
}

/**
 * Starts watching for `text` under `rootSelector`; `awaitText(page, key)` then resolves with
 * `performance.now()` after the first frame painted once a node containing it was attached.
 * Only added or changed nodes are searched, so the probe stays cheap on a long log.
 */
export async function watchText(
  page: Page,
  key: string,
  rootSelector: string,
  text: string,
): Promise<void> {
  await page.evaluate(
    ({ key, rootSelector, text }) => {
      const holder = window as unknown as { __watches?: Record<string, Promise<number>> };
      holder.__watches = holder.__watches ?? {};
      const watches = holder.__watches;
      watches[key] = new Promise<number>((resolve) => {
        const inRoot = (node: Node) =>
          document.querySelector(rootSelector)?.contains(node) ?? false;
        const settle = () => {
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now());
            channel.port2.postMessage(null);
          });
        };
        if ((document.querySelector(rootSelector)?.textContent ?? "").includes(text))
          return settle();
        const observer = new MutationObserver((records) => {
          const seen = records.some((r) =>
            r.type === "characterData"
              ? (r.target.textContent ?? "").includes(text) && inRoot(r.target)
              : [...r.addedNodes].some((n) => (n.textContent ?? "").includes(text) && inRoot(n)),
          );
          if (!seen) return;
          observer.disconnect();
          settle();
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      });
    },
    { key, rootSelector, text },
  );
}

export async function awaitText(page: Page, key: string, timeoutMs: number): Promise<number> {
  return page.evaluate(
    ({ key, timeoutMs }) => {
      const watches = (window as unknown as { __watches?: Record<string, Promise<number>> })
        .__watches;
      const watch = watches?.[key];
      if (!watch) throw new Error(`no text watch named ${key}; call watchText first`);
      return Promise.race([
        watch,
        new Promise<number>((_, reject) =>
          setTimeout(
            () => reject(new Error(`watch ${key} timed out after ${timeoutMs} ms`)),
            timeoutMs,
          ),
        ),
      ]);
    },
    { key, timeoutMs },
  );
}

export async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window.__bench;
    state.frames = [];
    state.framesOn = true;
    const tick = (t: number) => {
      if (!state.framesOn) return;
      state.frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

export async function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    window.__bench.framesOn = false;
    return window.__bench.frames;
  });
}

/** Frames the display would have shown but the page did not produce. */
export function droppedFrames(timestamps: readonly number[], frameMs = 1000 / 60): number {
  let dropped = 0;
  for (let i = 1; i < timestamps.length; i++) {
    const gap = (timestamps[i] as number) - (timestamps[i - 1] as number);
    dropped += Math.max(0, Math.round(gap / frameMs) - 1);
  }
  return dropped;
}

/** Frames the display would have shown but the page did not produce, in percent of the expected frames. */
export function droppedFramePct(timestamps: readonly number[], frameMs = 1000 / 60): number {
  if (timestamps.length < 2) return Number.NaN;
  const dropped = droppedFrames(timestamps, frameMs);
  const expected = Math.round(
    ((timestamps.at(-1) as number) - (timestamps[0] as number)) / frameMs,
  );
  return expected > 0 ? (dropped / expected) * 100 : Number.NaN;
}

/** The `n` longest entries, longest first (what a reader of `latest.json` looks at first). */
export function longest(entries: readonly LongEntry[], n = 10): LongEntry[] {
  return [...entries].sort((a, b) => b.duration - a.duration).slice(0, n);
}
