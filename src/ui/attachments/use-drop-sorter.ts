import { useCallback, useState } from "react";
import { sniffAttachment } from "../../interop/attachments/sniff.ts";
import { useAppStore } from "../../store/react.tsx";
import { useT } from "../i18n/use-t.ts";
import { useServices } from "../use-services.tsx";
import { attachWords } from "./attach-words.ts";

async function isPicture(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  const kind = sniffAttachment(head).kind;
  return kind === "image" || kind === "svg";
}

/**
 * Sorts files dropped or pasted on the window by what they are: pictures are attached to the
 * open conversation's message (never offered to the importer), everything else is imported.
 * Says what it attached, and why any picture was refused.
 */
export function useDropSorter(importFiles: (files: File[]) => void) {
  const t = useT();
  const { attachments } = useServices();
  const activeId = useAppStore((s) => s.activeId);
  const [attached, setAttached] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);

  const onDropped = useCallback(
    async (files: File[]) => {
      const pictures: File[] = [];
      const others: File[] = [];
      for (const file of files) ((await isPicture(file)) ? pictures : others).push(file);
      if (others.length > 0) importFiles(others);
      if (pictures.length === 0) return;
      const failures = await attachments.add(activeId, pictures);
      const refused = new Set(failures.map((f) => f.name));
      const names = pictures.filter((f) => !refused.has(f.name)).map((f) => f.name);
      setAttached(
        names.length > 0 ? t("attach.attachedDropped", { names: names.join(", ") }) : null,
      );
      setRefusals(failures.map((f) => attachWords(t, f)));
    },
    [activeId, attachments, importFiles, t],
  );

  return {
    onDropped,
    attached,
    refusals,
    dismiss: () => {
      setAttached(null);
      setRefusals([]);
    },
  };
}
