import { useState } from "react";
import { FormActions } from "../form-actions.tsx";
import { useT } from "../i18n/use-t.ts";
import { isSendKey } from "../shortcuts/send-key.ts";

interface EditMessageFormProps {
  initial: string;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}

/** Edits a user message in place; sending replaces it and everything after it with a new answer. */
export function EditMessageForm({ initial, onSubmit, onCancel }: EditMessageFormProps) {
  const t = useT();
  const [text, setText] = useState(initial);
  const send = () => {
    if (text.trim() !== "") onSubmit(text);
  };
  return (
    <form
      className="edit-message"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        aria-label={t("editMessage")}
        value={text}
        rows={Math.min(10, Math.max(2, text.split("\n").length))}
        // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this message
        autoFocus
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          } else if (isSendKey(e)) {
            e.preventDefault();
            send();
          }
        }}
      />
      <FormActions
        submitLabel={t("sendEdited")}
        cancelLabel={t("agentCancel")}
        onCancel={onCancel}
        submitDisabled={text.trim() === ""}
      />
    </form>
  );
}
