import * as z from "zod/mini";

// Zod probes `new Function` to compile faster parsers. The app's Content-Security-Policy has no
// 'unsafe-eval', so the probe is blocked and reported as a violation; told not to try, Zod uses
// its plain parsers. Imported first by the page and by the import worker.
z.config({ jitless: true });
