interface FormActionsProps {
  submitLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  submitDisabled?: boolean;
}

/** The row that ends a form: its submit button, the primary action, then Cancel. */
export function FormActions({
  submitLabel,
  cancelLabel,
  onCancel,
  submitDisabled,
}: FormActionsProps) {
  return (
    <div className="form-actions">
      <button type="submit" className="primary" disabled={submitDisabled}>
        {submitLabel}
      </button>
      <button type="button" onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}
