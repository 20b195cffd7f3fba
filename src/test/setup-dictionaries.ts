import { loadDictionary, loadSection } from "../ui/i18n/dictionaries.ts";
import { SECTIONS, type Section } from "../ui/i18n/sections.ts";

// The app loads Chinese when it is wanted, and each section with the code that shows it; tests
// read both languages, every section included, synchronously.
await loadDictionary("zh");
await Promise.all((Object.keys(SECTIONS) as Section[]).map(loadSection));
