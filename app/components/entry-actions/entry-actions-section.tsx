import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form } from "react-router";
import {
  ACTION_BONUS,
  ACTION_CATALOGUE,
  ACTION_KINDS,
  ACTION_LIMITS,
  ACTION_MESSAGES,
  FOLLOW_PLATFORM_NAMES,
  FOLLOW_PLATFORMS,
  VERIFICATION_LABELS,
  type ActionKind,
} from "~/domain/entry-actions";
import { ADD_ACTION_FORM_ID, bonusText, type CreatorAction, type CreatorActionsView } from "~/domain/entry-action-forms";
import { FieldErrors } from "../ui/field";

/**
 * The creator's entry actions (decision 076): the list, "Remove" (and, live, "Change") for each, and
 * the add form. Every control names its own form with `form=`, so the section can sit inside another
 * form (the wizard's step 4) and still post alone; each is a plain POST with an intent, so it works
 * without JavaScript, where every kind's fields are shown (with JavaScript, the chosen kind's only).
 */

type Result = SubmissionResult<string[]> | null | undefined;

/** The action's result goes to the actions' forms, any other to the page's own form. */
export function splitResults(actionData: { result?: unknown; form?: string | null } | undefined): {
  lastResult: never;
  actionResult: Result;
} {
  const result = (actionData?.result ?? null) as Result;
  return { lastResult: (actionData?.form ? null : result) as never, actionResult: actionData?.form ? result : null };
}

const HINT = "mt-1 text-xs text-slate-600 dark:text-slate-400";
const BADGE =
  "whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-200";

export function EntryActionsSection({
  view,
  result,
  hidden,
  live,
}: {
  view: CreatorActionsView;
  result: Result;
  /** Fields every form of the page must carry (the wizard's step and copy). */
  hidden: Record<string, string>;
  /** A live campaign: actions nobody completed may be changed, completed ones are locked. */
  live: boolean;
}) {
  const posted = (result?.initialValue ?? {}) as Record<string, unknown>;
  const postedFor = typeof posted.actionId === "string" ? posted.actionId : null;
  const errors = (result?.error ?? {}) as Record<string, string[] | undefined>;
  const listKey = view.actions.map((action) => `${action.id}:${action.bonus}:${action.label}`).join("|");
  return (
    <div className="space-y-4" data-testid="entry-actions">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        After confirming their entry, entrants can earn bonus entries by doing what you pick here. Each action says how we know it was done;
        the official rules list them with their bonus. {ACTION_MESSAGES.consentNeverEarns} Referrals stay +3 entries per confirmed friend.
      </p>
      <p className="font-medium" data-testid="entry-actions-limit">
        {view.limitLine}
      </p>
      {live ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          An action someone has completed can no longer be removed or changed; new ones can be added until the entry list is frozen.
        </p>
      ) : null}
      {view.actions.length ? (
        <ol className="space-y-3" data-testid="entry-actions-list">
          {view.actions.map((action) => (
            <ActionRow
              key={`${action.id}-${listKey}`}
              action={action}
              live={live}
              hidden={hidden}
              result={postedFor === action.id ? result : null}
            />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">No entry actions yet: entrants get one entry each, plus referrals.</p>
      )}
      {view.canAdd ? (
        <AddAction key={listKey} result={postedFor ? null : result} errors={postedFor ? {} : errors} />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="entry-actions-full">
          {view.limit === null ? "" : ACTION_MESSAGES.limitReached(view.limit)}
        </p>
      )}
    </div>
  );
}

function HiddenFields({ hidden, intent }: { hidden: Record<string, string>; intent: string }) {
  return (
    <>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="intent" value={intent} />
    </>
  );
}

function ActionRow({
  action,
  live,
  hidden,
  result,
}: {
  action: CreatorAction;
  live: boolean;
  hidden: Record<string, string>;
  result: Result;
}) {
  const removeForm = removeFormId(action.id);
  const locked = live && action.completions > 0;
  const errors = (result?.error ?? {}) as Record<string, string[] | undefined>;
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="entry-action">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <p className="font-semibold">{action.label}</p>
          <p className="mt-1 flex flex-wrap gap-2">
            <span className={BADGE}>{bonusText(action.bonus)}</span>
            <span className={BADGE}>{action.kindName}</span>
            <span className={BADGE}>{action.verificationLabel}</span>
          </p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{action.detail}</p>
          {live ? (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {action.completions === 1 ? "Completed once" : `Completed ${action.completions} times`}
            </p>
          ) : null}
        </div>
        {locked ? (
          <span className="text-sm text-slate-700 dark:text-slate-300">Locked: it has completions.</span>
        ) : (
          <button
            type="submit"
            form={removeForm}
            className="btn-ghost text-red-700 dark:text-red-400"
            aria-label={`Remove ${action.label}`}
          >
            Remove
          </button>
        )}
      </div>
      {live && !locked ? (
        <details className="mt-3" open={Boolean(result)}>
          <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-300">Change this action</summary>
          <Form method="post" className="mt-3 space-y-3">
            <HiddenFields hidden={hidden} intent="edit-action" />
            <input type="hidden" name="actionId" value={action.id} />
            <input type="hidden" name="kind" value={action.kind} />
            <KindFields
              idPrefix={`edit-${action.id}`}
              kind={action.kind}
              showAll={false}
              values={{ ...action.values, ...(result?.initialValue as Record<string, string> | undefined) }}
              errors={errors}
            />
            <button type="submit" className="btn-secondary">
              Save the change
            </button>
          </Form>
        </details>
      ) : null}
    </li>
  );
}

/**
 * The forms the section's controls name with `form=`: one to add, one per action to remove. A <form> may
 * not sit inside another (an HTML parser drops the inner one), so these go after the page's own form.
 */
export function EntryActionsForms({ view, hidden }: { view: CreatorActionsView; hidden: Record<string, string> }) {
  return (
    <>
      <Form method="post" id={ADD_ACTION_FORM_ID} hidden>
        <HiddenFields hidden={hidden} intent="add-action" />
      </Form>
      {view.actions.map((action) => (
        <Form key={action.id} method="post" id={removeFormId(action.id)} hidden>
          <HiddenFields hidden={hidden} intent="remove-action" />
          <input type="hidden" name="actionId" value={action.id} />
        </Form>
      ))}
    </>
  );
}

function removeFormId(actionId: string): string {
  return `entry-action-remove-${actionId}`;
}

function AddAction({ result, errors }: { result: Result; errors: Record<string, string[] | undefined> }) {
  const posted = (result?.initialValue ?? {}) as Record<string, string>;
  const [kind, setKind] = useState<ActionKind>(ACTION_KINDS.includes(posted.kind as ActionKind) ? (posted.kind as ActionKind) : "visit");
  // Until hydrated (and without JavaScript) every kind's fields are shown: the server cannot know the choice.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-4 dark:border-slate-700" data-testid="entry-action-add">
      <h3 className="font-semibold">Add an entry action</h3>
      <fieldset className="mt-3">
        <legend className="label">Kind</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ACTION_KINDS.map((option) => {
            const facts = ACTION_CATALOGUE[option];
            return (
              <label
                key={option}
                className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-800 dark:has-[:checked]:bg-slate-900"
              >
                <input
                  type="radio"
                  name="kind"
                  value={option}
                  form={ADD_ACTION_FORM_ID}
                  defaultChecked={option === kind}
                  onChange={() => setKind(option)}
                  className="mt-1 h-5 w-5 accent-brand-700"
                />
                <span>
                  <span className="font-medium">{facts.name}</span> <span className={BADGE}>{VERIFICATION_LABELS[facts.verification]}</span>
                  <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">{facts.hint}</span>
                </span>
              </label>
            );
          })}
        </div>
        <FieldErrors id="entry-action-kind-error" errors={errors.kind} />
      </fieldset>
      <div className="mt-4 space-y-3">
        <KindFields idPrefix="add" kind={kind} showAll={!hydrated} values={posted} errors={errors} form={ADD_ACTION_FORM_ID} />
        <button type="submit" form={ADD_ACTION_FORM_ID} className="btn-secondary">
          Add this action
        </button>
      </div>
    </div>
  );
}

function TextField({
  id,
  name,
  label,
  hint,
  value,
  errors,
  form,
  type = "text",
  ...rest
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  value: string | undefined;
  errors: string[] | undefined;
  form?: string;
  type?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  inputMode?: "numeric" | "url";
  placeholder?: string;
}) {
  const described = [hint ? `${id}-hint` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        form={form}
        defaultValue={value ?? ""}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={described}
        className="input"
        {...rest}
      />
      {hint ? (
        <p id={`${id}-hint`} className={HINT}>
          {hint}
        </p>
      ) : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The label, the bonus and the kind's own fields; `showAll` shows every kind's (before hydration). */
function KindFields({
  idPrefix,
  kind,
  showAll,
  values,
  errors,
  form,
}: {
  idPrefix: string;
  kind: ActionKind;
  showAll: boolean;
  values: Record<string, string | undefined>;
  errors: Record<string, string[] | undefined>;
  form?: string;
}) {
  const shown = (...kinds: ActionKind[]) => showAll || kinds.includes(kind);
  const forKinds = (...kinds: ActionKind[]) => (showAll ? ` (${kinds.map((k) => ACTION_CATALOGUE[k].name).join(", ")})` : "");
  return (
    <>
      <TextField
        id={`${idPrefix}-label`}
        name="label"
        label="Label entrants see"
        hint="For example: Visit our new collection"
        value={values.label}
        errors={errors.label}
        form={form}
        maxLength={ACTION_LIMITS.label}
      />
      <TextField
        id={`${idPrefix}-bonus`}
        name="bonus"
        label="Bonus entries"
        hint={`A whole number from ${ACTION_BONUS.min} to ${ACTION_BONUS.max}.`}
        value={values.bonus ?? "1"}
        errors={errors.bonus}
        form={form}
        type="number"
        min={ACTION_BONUS.min}
        max={ACTION_BONUS.max}
        inputMode="numeric"
      />
      {shown("visit", "follow") ? (
        <TextField
          id={`${idPrefix}-url`}
          name="url"
          label={`Page or profile address${forKinds("visit", "follow")}`}
          hint="Starting with https:// (the page to visit, or your profile to follow)."
          value={values.url}
          errors={errors.url}
          form={form}
          type="url"
          maxLength={ACTION_LIMITS.url}
          placeholder="https://"
        />
      ) : null}
      {shown("code") ? (
        <TextField
          id={`${idPrefix}-code`}
          name="code"
          label={`Code entrants type${forKinds("code")}`}
          hint="Letters, digits and dashes; case and spaces are ignored."
          value={values.code}
          errors={errors.code}
          form={form}
          maxLength={ACTION_LIMITS.code}
        />
      ) : null}
      {shown("question") ? (
        <>
          <TextField
            id={`${idPrefix}-question`}
            name="question"
            label={`Question${forKinds("question")}`}
            value={values.question}
            errors={errors.question}
            form={form}
            maxLength={ACTION_LIMITS.question}
          />
          <div>
            <label htmlFor={`${idPrefix}-choices`} className="label">
              Choices, one per line (optional{showAll ? `, ${ACTION_CATALOGUE.question.name}` : ""})
            </label>
            <textarea
              id={`${idPrefix}-choices`}
              name="choices"
              form={form}
              rows={3}
              defaultValue={values.choices ?? ""}
              aria-invalid={errors.choices?.length ? true : undefined}
              aria-describedby={`${idPrefix}-choices-hint${errors.choices?.length ? ` ${idPrefix}-choices-error` : ""}`}
              className="input"
            />
            <p id={`${idPrefix}-choices-hint`} className={HINT}>
              Leave empty for a free-text answer; otherwise 2 to {ACTION_LIMITS.choices} choices.
            </p>
            <FieldErrors id={`${idPrefix}-choices-error`} errors={errors.choices} />
          </div>
        </>
      ) : null}
      {shown("follow") ? (
        <div>
          <label htmlFor={`${idPrefix}-platform`} className="label">
            Platform{forKinds("follow")}
          </label>
          <select
            id={`${idPrefix}-platform`}
            name="platform"
            form={form}
            defaultValue={values.platform ?? ""}
            aria-invalid={errors.platform?.length ? true : undefined}
            className="input"
          >
            <option value="">Choose…</option>
            {FOLLOW_PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {FOLLOW_PLATFORM_NAMES[platform]}
              </option>
            ))}
          </select>
          <FieldErrors id={`${idPrefix}-platform-error`} errors={errors.platform} />
        </div>
      ) : null}
    </>
  );
}
