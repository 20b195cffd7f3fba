import type { OtherFile } from "../../interop/sort-import-files.ts";
import { useInteropT } from "./interop-strings.ts";

/** Says that files dropped, pasted or chosen are no chat exports, and what can be imported. */
export function NotAnExportNotice(props: { files: readonly OtherFile[]; onDismiss: () => void }) {
  const t = useInteropT();
  return (
    <div role="alert" className="import-export-error">
      {props.files.map((file, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be dropped twice
        <p key={index}>{t("notAnExport", { file: file.name, kind: t(`kind:${file.kind}`) })}</p>
      ))}
      <button type="button" onClick={props.onDismiss}>
        {t("dismiss")}
      </button>
    </div>
  );
}
