import { loadDictionary } from "../ui/i18n/dictionaries.ts";

// The app loads Chinese when it is wanted; tests read both languages synchronously.
await loadDictionary("zh");
