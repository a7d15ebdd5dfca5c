import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldErrors } from "./field";

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
      {children}
    </p>
  );
}

/** The frame every labelled field shares: label, the control, an optional hint, the field's errors. */
function LabelledField({
  meta,
  label,
  hint,
  className,
  control,
}: {
  meta: Meta;
  label: string;
  hint?: ReactNode;
  className: string;
  /** Renders the control, given the id of the hint it should be described by (if any). */
  control: (hintId: string | undefined) => ReactNode;
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      {control(hintId)}
      {hintId ? <Hint id={hintId}>{hint}</Hint> : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function InputField({
  meta,
  label,
  hint,
  type = "text",
  className = "",
  ...rest
}: {
  meta: Meta;
  label: string;
  hint?: ReactNode;
  type?: "text" | "email" | "url" | "date" | "number" | "search";
  placeholder?: string;
  autoComplete?: string;
  required?: boolean;
  autoFocus?: boolean;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string;
  inputMode?: "numeric" | "decimal" | "text" | "url";
  className?: string;
}) {
  return (
    <LabelledField
      meta={meta}
      label={label}
      hint={hint}
      className={className}
      control={(hintId) => (
        <input {...getInputProps(meta as FieldMetadata<string>, { type, ariaDescribedBy: hintId })} {...rest} className="input" />
      )}
    />
  );
}

export function TextAreaField({
  meta,
  label,
  hint,
  rows = 4,
  maxLength,
  required,
  className = "",
  inputClassName = "",
  mono = false,
  onInput,
}: {
  meta: Meta;
  label: string;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
  required?: boolean;
  className?: string;
  /** Extra classes for the textarea itself, e.g. a minimum height. */
  inputClassName?: string;
  mono?: boolean;
  onInput?: (value: string) => void;
}) {
  return (
    <LabelledField
      meta={meta}
      label={label}
      hint={hint}
      className={className}
      control={(hintId) => (
        <textarea
          {...getTextareaProps(meta as FieldMetadata<string>, { ariaDescribedBy: hintId })}
          rows={rows}
          maxLength={maxLength}
          required={required}
          spellCheck={mono ? false : undefined}
          onInput={onInput ? (event) => onInput(event.currentTarget.value) : undefined}
          className={`input ${mono ? "font-mono text-sm" : ""} ${inputClassName}`}
        />
      )}
    />
  );
}

export function CheckboxField({ meta, label, hint }: { meta: Meta; label: string; hint?: ReactNode }) {
  const hintId = `${meta.id}-hint`;
  return (
    <div>
      <label htmlFor={meta.id} className="flex cursor-pointer items-start gap-3">
        <input
          {...getInputProps(meta as FieldMetadata<boolean>, { type: "checkbox", ariaDescribedBy: hint ? hintId : undefined })}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        />
        <span className="text-sm font-medium text-slate-900 dark:text-slate-100">{label}</span>
      </label>
      {hint ? (
        <div className="pl-8">
          <Hint id={hintId}>{hint}</Hint>
        </div>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A submit button that says it is busy while its own form posts. */
export function SubmitButton({
  busy,
  children,
  busyText = "Saving...",
  className = "btn-primary",
  name,
  value,
}: {
  busy: boolean;
  children: ReactNode;
  busyText?: string;
  className?: string;
  name?: string;
  value?: string;
}) {
  return (
    <button type="submit" className={className} disabled={busy} name={name} value={value}>
      {busy ? busyText : children}
    </button>
  );
}
