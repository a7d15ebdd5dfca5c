import type { ReactNode } from "react";

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
