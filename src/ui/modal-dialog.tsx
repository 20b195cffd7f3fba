import { type ReactNode, useEffect, useRef } from "react";

interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  /** The heading, which also names the dialog. */
  title: string;
  /** When given, a row with this Close button ends the dialog. */
  closeLabel?: string;
  className?: string;
  children: ReactNode;
}

/** A native modal `<dialog>`: focus moves in and back, Escape closes, the page behind is inert. */
export function ModalDialog({
  open,
  onClose,
  title,
  closeLabel,
  className,
  children,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-label={title} className={className} onClose={onClose}>
      {open ? (
        <>
          <h2>{title}</h2>
          {children}
          {closeLabel ? (
            <div className="form-actions">
              <button type="button" onClick={onClose}>
                {closeLabel}
              </button>
            </div>
          ) : null}
        </>
      ) : null}
    </dialog>
  );
}
