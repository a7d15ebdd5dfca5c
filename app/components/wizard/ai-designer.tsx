import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { AiCredits } from "~/components/dashboard/ai-credits";
import type { AiCreditFigures } from "~/domain/ai-credits";
import { AI_STYLES } from "~/domain/ai-prompts";
import { nonEmptyPrompts } from "~/domain/campaign-schemas";
import { useHydrated } from "../ui/use-hydrated";
import { HiddenStepFields, Section } from "./step-layout";

/**
 * Three prompts, one per style, and Generate. A form of its own (it posts intent=generate), so it
 * works without JavaScript; with JavaScript, Generate is disabled while it cannot run.
 */
export function AiDesigner({
  prompts,
  credits,
  signedIn,
  signInHref,
  action,
  duplicateId,
  builtIn = false,
}: {
  prompts: [string, string, string];
  credits: AiCreditFigures;
  signedIn: boolean;
  signInHref: string;
  action: string;
  duplicateId: string | null;
  /** True when no image service is configured and the built-in designer makes the designs (decision 047). */
  builtIn?: boolean;
}) {
  const [values, setValues] = useState<string[]>(prompts);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "generate";
  const needed = nonEmptyPrompts(values).length;
  // Without JavaScript the count cannot follow the fields, and the server checks them instead.
  const hydrated = useHydrated();
  const disabled = hydrated && (busy || needed === 0 || credits.available < needed);
  return (
    <Section title="AI designer">
      <Form method="post" action={action} className="space-y-4">
        <HiddenStepFields step={3} duplicateId={duplicateId} />
        <AiCredits figures={credits} needed={needed} />
        {AI_STYLES.map((style, index) => (
          <div key={style}>
            <label htmlFor={`aiPrompt${index + 1}`} className="label capitalize">
              Prompt {index + 1}: {style}
            </label>
            <textarea
              id={`aiPrompt${index + 1}`}
              name={`aiPrompt${index + 1}`}
              rows={2}
              maxLength={1000}
              defaultValue={prompts[index]}
              onChange={(event) => {
                const next = [...values];
                next[index] = event.currentTarget.value;
                setValues(next);
              }}
              className="input"
            />
          </div>
        ))}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Name a subject and up to two colours, e.g. “teal and orange kestrel bird over a sunrise”; put words to print in quotes.
          {builtIn
            ? " The built-in designer draws the subjects from an open-licence icon set, placed as the prompt says (over, under, with), in your colours and the prompt's style; it prints only quoted words and a brand named after “for”. A prompt with nothing it can draw becomes a lettering design."
            : ""}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">One credit per filled-in prompt. Leave a prompt empty to skip it.</p>
        {signedIn ? (
          <button type="submit" name="intent" value="generate" className="btn-primary w-full" disabled={disabled}>
            {busy
              ? "Generating designs..."
              : !hydrated
                ? "Generate Designs"
                : `Generate ${needed === 1 ? "1 Design" : `${needed} Designs`}`}
          </button>
        ) : (
          <Link to={signInHref} className="btn-primary w-full">
            Sign In &amp; Generate Designs
          </Link>
        )}
      </Form>
    </Section>
  );
}
