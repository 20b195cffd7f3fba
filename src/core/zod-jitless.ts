import * as z from "zod/mini";

// Zod probes `new Function` to compile faster parsers. The app's Content-Security-Policy has no
// 'unsafe-eval', so the probe is blocked and reported as a violation; told not to try, Zod uses
// its plain parsers. Imported before any schema by the page (second, after app/storage-start.ts,
// which has none) and first by the import worker.
z.config({ jitless: true });
