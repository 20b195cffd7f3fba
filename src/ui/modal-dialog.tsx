import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useRef } from "react";

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

/**
 * A modal dialog on Radix: focus moves in and is trapped, Escape closes, focus returns to what
 * opened it, and the page behind is hidden from assistive technology. It renders in place rather
 * than in a portal, so server-rendered tests see its content.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  closeLabel,
  className,
  children,
}: ModalDialogProps) {
  // Opened by state, not by a Radix trigger, so the dialog remembers who had focus to give it back.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== "undefined")
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  wasOpen.current = open;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {open ? (
        <>
          {/* Not Radix's Overlay: its scroll lock injects a <style> element, which the app's
              Content-Security-Policy refuses; the page does not scroll behind a dialog anyway. */}
          <div className="dialog-overlay" aria-hidden="true" />
          <Dialog.Content
            className={className ? `dialog ${className}` : "dialog"}
            aria-describedby={undefined}
            aria-label={title}
            onCloseAutoFocus={(event) => {
              const back = opener.current;
              if (back?.isConnected) {
                event.preventDefault();
                back.focus();
              }
            }}
          >
            <Dialog.Title>{title}</Dialog.Title>
            {children}
            {closeLabel ? (
              <div className="form-actions">
                <Dialog.Close asChild>
                  <button type="button">{closeLabel}</button>
                </Dialog.Close>
              </div>
            ) : null}
          </Dialog.Content>
        </>
      ) : null}
    </Dialog.Root>
  );
}
