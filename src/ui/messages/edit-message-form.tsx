import { useLayoutEffect, useRef, useState } from "react";
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
  const formRef = useRef<HTMLFormElement>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const send = () => {
    if (text.trim() !== "") onSubmit(text);
  };

  // The user just asked to edit: the caret goes after the text, and the form into view. The log
  // is a virtual list, which answers the row's new height (in its ResizeObserver callback) by
  // moving the view so the rows below stay put, and a row that starts above the view then
  // pushes the form out of it. An observer made now runs after the list's, so the form is
  // brought into view where it ended up.
  useLayoutEffect(() => {
    const form = formRef.current;
    const area = areaRef.current;
    if (!form || !area) return;
    area.focus({ preventScroll: true });
    area.setSelectionRange(area.value.length, area.value.length);
    area.scrollTop = area.scrollHeight;
    const placed = new ResizeObserver(() => {
      placed.disconnect();
      form.scrollIntoView({ block: "nearest" });
    });
    placed.observe(form);
    return () => placed.disconnect();
  }, []);

  return (
    <form
      ref={formRef}
      className="edit-message"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        ref={areaRef}
        aria-label={t("editMessage")}
        value={text}
        rows={Math.min(10, Math.max(2, text.split("\n").length))}
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
