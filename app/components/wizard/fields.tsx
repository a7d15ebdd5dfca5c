import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { FieldErrors } from "../ui/field";

type TextMeta = FieldMetadata<string | undefined>;

export function TextField({
  meta,
  label,
  hint,
  type = "text",
  ...rest
}: {
  meta: TextMeta;
  label: string;
  hint?: string;
  type?: "text" | "url" | "date" | "email";
  placeholder?: string;
  maxLength?: number;
  min?: string;
  autoComplete?: string;
  inputMode?: "numeric" | "text";
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <input {...getInputProps(meta, { type, ariaDescribedBy: hint ? `${meta.id}-hint` : undefined })} {...rest} className="input" />
      {hint ? (
        <p id={`${meta.id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextAreaField({ meta, label, rows = 4, maxLength }: { meta: TextMeta; label: string; rows?: number; maxLength?: number }) {
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <textarea {...getTextareaProps(meta)} rows={rows} maxLength={maxLength} className="input" />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
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

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="card min-w-0 space-y-5 p-5 sm:p-6">
      <legend className="sr-only">{title}</legend>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </fieldset>
  );
}

export function StepHeading({ children, text }: { children: ReactNode; text?: string }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{children}</h1>
      {text ? <p className="mt-1 text-slate-700 dark:text-slate-300">{text}</p> : null}
    </div>
  );
}

export function HiddenStepFields({ step, duplicateId }: { step: number; duplicateId: string | null }) {
  return (
    <>
      <input type="hidden" name="step" value={step} />
      {duplicateId ? <input type="hidden" name="duplicateId" value={duplicateId} /> : null}
    </>
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
