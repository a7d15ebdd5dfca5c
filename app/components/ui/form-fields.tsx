import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { FieldErrors } from "./field";

/**
 * The form-field kit: every labelled control a form shows (text, text area, checkbox, image, choice
 * chip, revealing toggle) and the submit button. Errors are drawn by `./field`.
 */

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
    <div className={className || undefined}>
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
  disabled?: boolean;
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

/**
 * An image input. Signed-in users see the stored image and can remove it; visitors can choose a
 * file but it is only uploaded after they sign in ("Preview after login").
 */
export function ImageField({
  name,
  label,
  limitMb,
  currentUrl,
  removeName,
  signedIn,
  errors,
}: {
  name: string;
  label: string;
  limitMb: number;
  currentUrl: string | null;
  removeName?: string;
  signedIn: boolean;
  errors?: string[];
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const id = `file-${name.replace(/[^a-zA-Z0-9]/g, "-")}`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {currentUrl ? (
        <div className="mb-2 flex items-center gap-3">
          <img
            src={currentUrl}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 rounded-lg border border-slate-200 object-contain dark:border-slate-700"
          />
          {removeName ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={removeName} className="h-4 w-4" /> Remove
            </label>
          ) : null}
        </div>
      ) : null}
      <input
        id={id}
        name={name}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
        className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-800 dark:file:bg-brand-900 dark:file:text-brand-100"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        JPEG, PNG or WEBP, up to {limitMb} MB.{signedIn ? "" : " Preview after login: files are uploaded once you sign in."}
      </p>
      {chosen && !signedIn ? (
        <p className="mt-1 text-sm">
          <span className="font-medium">{chosen}</span> · Preview after login
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** A section revealed by a checkbox, with CSS only (`:has`), so it also works without JavaScript. */
export function Toggle({
  name,
  label,
  defaultChecked,
  children,
}: {
  name: string;
  label: string;
  defaultChecked: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="toggle-section rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <label className="flex items-center gap-3 font-medium">
        <input type="checkbox" name={name} defaultChecked={defaultChecked} className="toggle-input h-5 w-5 accent-brand-700" />
        {label}
      </label>
      {children ? <div className="toggle-body mt-4 space-y-4">{children}</div> : null}
    </div>
  );
}

/** A radio or checkbox shown as a chip that lights up when chosen (styled with `:has`, no JavaScript). */
export function ChoiceChip({
  type,
  name,
  value,
  defaultChecked,
  onChange,
  hideInput = false,
  className = "",
  children,
}: {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  defaultChecked: boolean;
  onChange?: (value: string) => void;
  hideInput?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label
      className={`flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 text-sm font-medium has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 dark:border-slate-700 dark:has-[:checked]:bg-brand-900/40 ${className}`}
    >
      <input
        type={type}
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        className={hideInput ? "sr-only" : "accent-brand-700"}
      />
      {children}
    </label>
  );
}
