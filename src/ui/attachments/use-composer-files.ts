import {
  type ClipboardEvent,
  type DragEvent,
  useCallback,
  useState,
  useSyncExternalStore,
} from "react";
import { useT } from "../i18n/use-t.ts";
import { useServices } from "../use-services.tsx";
import { attachWords } from "./attach-words.ts";

const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes("Files");

/**
 * The composer's files: those waiting to be sent in this conversation, adding new ones (picked,
 * dropped on the composer, or pasted), and why the last ones refused were refused. A refused
 * file changes nothing else: the typed text and the other files stay.
 */
export function useComposerFiles(sessionId: string | null) {
  const t = useT();
  const { attachments } = useServices();
  const pending = useSyncExternalStore(
    (listener) => attachments.subscribe(listener),
    () => attachments.pending(sessionId),
  );
  const [refusals, setRefusals] = useState<string[]>([]);
  const [reading, setReading] = useState(0);

  const add = useCallback(
    async (files: readonly File[]) => {
      setReading((n) => n + files.length);
      try {
        const failures = await attachments.add(sessionId, files);
        setRefusals(failures.map((f) => attachWords(t, f)));
      } finally {
        setReading((n) => n - files.length);
      }
    },
    [attachments, sessionId, t],
  );

  const dropTarget = {
    onDragOver: (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      // Taken here (attached): the window-wide import drop sees it prevented and leaves it.
      e.preventDefault();
      void add([...e.dataTransfer.files]);
    },
    onPaste: (e: ClipboardEvent) => {
      const files = [...e.clipboardData.files];
      if (files.length === 0) return;
      e.preventDefault();
      void add(files);
    },
  };

  return {
    pending,
    refusals,
    reading,
    add,
    dismissRefusals: () => setRefusals([]),
    remove: (hash: string) => attachments.remove(sessionId, hash),
    dropTarget,
  };
}
