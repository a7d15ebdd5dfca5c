import type { EntrantAction } from "~/domain/entrant-actions";
import { ACTION_CATALOGUE, type ActionKind, MAX_CODE_TRIES, REFERRAL_ACTION_BONUS, type Verification } from "~/domain/entry-actions";
import type { EntrantText } from "~/i18n/entrant";
import { ACTIONS_ANCHOR, entryActionGoPath, entryActionPath } from "~/paths";
import { useEntrantText } from "./entrant-text";

/** "+3 entries" in the entrant's language (decision 097). */
export function bonusWords(text: EntrantText, bonus: number): string {
  return text.t("bonusEntries", { count: bonus });
}

/** What the entered view says under a kind's verification label (howCounted's words, in the entrant's language). */
function howCountedWords(text: EntrantText, kind: ActionKind | "referral"): string {
  if (kind === "daily" || kind === "referral") return text.t(`explained_${kind}`);
  return text.t(`explained_${ACTION_CATALOGUE[kind].verification}`);
}

/** The id of the entered view's share block, which the referral action points to. */
export const SHARE_ANCHOR = "share";

/**
 * The entry actions on the entered view (decision 077): each with its bonus, its verification kind
 * and a tick once done (a daily one: done today), and the plain link or form that completes it, so
 * all work without JavaScript. Referrals are listed among them, pointing at the share block.
 */
export function EntryActionList({
  campaignId,
  actions,
  weight,
  referralsEnabled,
}: {
  campaignId: string;
  actions: EntrantAction[];
  weight: number;
  referralsEnabled: boolean;
}) {
  const text = useEntrantText();
  const { t } = text;
  if (!actions.length && !referralsEnabled) return null;
  return (
    <section id={ACTIONS_ANCHOR} aria-labelledby="actions-heading" className="scroll-mt-2 space-y-3" data-testid="entry-actions">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="actions-heading" className="font-semibold">
          {t("actionsHeading")}
        </h3>
        <p className="text-sm font-semibold" data-testid="action-total">
          {t("youHaveEntries", { count: weight })}
        </p>
      </div>
      <ul className="space-y-3">
        {actions.map((action) => (
          <ActionRow key={action.id} campaignId={campaignId} action={action} />
        ))}
        {referralsEnabled ? (
          <li className="rounded-xl border border-slate-200 p-3 dark:border-slate-700" data-testid="action-row" data-action-kind="referral">
            <ActionHeading
              label={t("referFriends")}
              bonus={t("perFriend", { bonus: bonusWords(text, REFERRAL_ACTION_BONUS) })}
              verification="tracked"
              explained={howCountedWords(text, "referral")}
              done={false}
            />
            <p className="mt-2 text-sm">
              <a href={`#${SHARE_ANCHOR}`} className="font-medium text-brand-700 underline dark:text-brand-300">
                {t("shareYourLink")}
              </a>
            </p>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

function ActionHeading({
  label,
  bonus,
  verification,
  explained,
  done,
}: {
  label: string;
  bonus: string;
  verification: Verification;
  explained: string;
  done: boolean;
}) {
  const { t } = useEntrantText();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <p className="flex items-start gap-2 font-medium">
          {done ? (
            <svg
              viewBox="0 0 24 24"
              role="img"
              aria-label={t("actionDone")}
              className="mt-0.5 size-5 shrink-0 text-emerald-600"
              data-testid="action-done"
            >
              <circle cx="12" cy="12" r="11" fill="currentColor" />
              <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-400">
              <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          )}
          <span>{label}</span>
        </p>
        <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
          {bonus}
        </span>
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        <span className="font-semibold">{t(`verification_${verification}`)}</span>: {explained}
      </p>
    </>
  );
}

function ActionRow({ campaignId, action }: { campaignId: string; action: EntrantAction }) {
  const text = useEntrantText();
  const { t } = text;
  return (
    <li
      className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
      data-testid="action-row"
      data-action-kind={action.kind}
      data-done={action.done && !action.rejected ? "true" : undefined}
    >
      <ActionHeading
        label={action.label}
        bonus={bonusWords(text, action.bonus)}
        verification={action.verification}
        explained={howCountedWords(text, action.kind)}
        done={action.done && !action.rejected}
      />
      {action.rejected ? (
        <p className="mt-2 text-sm font-medium text-red-800 dark:text-red-300" data-testid="action-rejected">
          {t("actionRejected")}
        </p>
      ) : action.done ? (
        <p className="mt-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
          {action.kind === "daily" ? t("doneToday") : t("doneCounted")}
        </p>
      ) : (
        <div className="mt-2">
          <ActionForm campaignId={campaignId} action={action} />
        </div>
      )}
    </li>
  );
}

/** The plain link or form that completes one action (also shown again on a refusal's page). */
export function ActionForm({ campaignId, action, value }: { campaignId: string; action: EntrantAction; value?: string }) {
  const { t } = useEntrantText();
  const id = `action-${action.id}`;
  switch (action.kind) {
    case "visit":
      return (
        <a href={entryActionGoPath(campaignId, action.id)} target="_blank" rel="noopener" className="btn-secondary w-full sm:w-auto">
          {t("visitPage")}
        </a>
      );
    case "daily":
      return (
        <form method="post" action={entryActionPath(campaignId, action.id)}>
          <button type="submit" className="btn-secondary w-full sm:w-auto">
            {t("backToday")}
          </button>
        </form>
      );
    case "code":
      return (
        <form method="post" action={entryActionPath(campaignId, action.id)} className="space-y-2">
          <label htmlFor={id} className="label">
            {t("codeLabel")}
          </label>
          <div className="flex gap-2">
            <input
              id={id}
              name="code"
              required
              autoComplete="off"
              autoCapitalize="characters"
              defaultValue={value}
              className="input min-w-0 flex-1 font-mono uppercase"
            />
            <button type="submit" className="btn-secondary shrink-0">
              {t("checkCode")}
            </button>
          </div>
          {action.triesLeft !== null && action.triesLeft < MAX_CODE_TRIES ? (
            <p className="text-xs text-slate-600 dark:text-slate-400">{t("triesLeft", { count: action.triesLeft })}</p>
          ) : null}
        </form>
      );
    case "question":
      return (
        <form method="post" action={entryActionPath(campaignId, action.id)} className="space-y-2">
          {action.choices.length ? (
            <fieldset>
              <legend className="text-sm font-medium">{action.question}</legend>
              <div className="mt-1 space-y-1">
                {action.choices.map((choice, index) => (
                  <label key={choice} className="flex min-h-11 items-center gap-2 text-sm">
                    <input type="radio" name="answer" value={choice} required={index === 0} className="size-5 accent-brand-700" />
                    {choice}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <>
              <label htmlFor={id} className="label">
                {action.question}
              </label>
              <input id={id} name="answer" required maxLength={500} defaultValue={value} className="input w-full" />
            </>
          )}
          <button type="submit" className="btn-secondary w-full sm:w-auto">
            {t("answerButton")}
          </button>
        </form>
      );
    case "follow":
      return (
        <form method="post" action={entryActionPath(campaignId, action.id)} className="space-y-2">
          {action.url ? (
            <p className="text-sm">
              <a
                href={action.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline dark:text-brand-300"
              >
                {action.platform ? t("openPlatform", { platform: action.platform }) : t("openProfile")}
              </a>
              {t("followThenHandle")}
            </p>
          ) : null}
          <label htmlFor={id} className="label">
            {action.platform ? t("yourHandle", { platform: action.platform }) : t("yourHandleAny")}
          </label>
          <div className="flex gap-2">
            <input
              id={id}
              name="handle"
              required
              autoComplete="off"
              autoCapitalize="none"
              placeholder="@yourname"
              defaultValue={value}
              className="input min-w-0 flex-1"
            />
            <button type="submit" className="btn-secondary shrink-0">
              {t("iFollow")}
            </button>
          </div>
        </form>
      );
  }
}

/** The pending card's note: the actions open with the confirmation. */
export function PendingActionsNote({ count }: { count: number }) {
  const { t } = useEntrantText();
  if (!count) return null;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="actions-pending">
      {`${t("actionsPending", { count })} ${t("actionsPendingOpen")}`}
    </p>
  );
}
