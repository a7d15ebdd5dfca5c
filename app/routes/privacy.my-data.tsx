import { data, redirect } from "react-router";
import { PrivacyDataRequest } from "~/components/privacy/data-request";
import { DATA_MESSAGES, DataRequestSchema } from "~/domain/data-rights";
import { dataRequestPath, privacyPath } from "~/paths";
import { requestDataLink } from "~/server/data-rights/request.server";
import { readForm } from "~/server/core/forms.server";
import { honeypotFilled } from "~/server/core/honeypot.server";
import { clientIp } from "~/server/core/request.server";
import type { Route } from "./+types/privacy.my-data";

/**
 * An entrant asks for the link to their data page (decision 054). Plain HTML and a plain form, like
 * the other entrant pages (decision 035); the answer never says whether we hold data for the address.
 */
export const handle = { hydrate: false };

export const meta: Route.MetaFunction = () => [
  { title: "Your data · Giveawear" },
  {
    name: "description",
    content:
      "See the data Giveawear holds about your giveaway entries, download it, stop marketing emails or erase it, by a link we email you.",
  },
];

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

type ActionData = { error: string; value: string };

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const sent = redirect(`${dataRequestPath()}?sent=1`, { status: 303 });
  // A bot is answered as a person is, and nothing is sent.
  if (honeypotFilled(formData)) return sent;
  const raw = formData.get("email");
  const value = typeof raw === "string" ? raw.slice(0, 254) : "";
  const parsed = DataRequestSchema.safeParse({ email: raw ?? undefined });
  if (!parsed.success) {
    return data<ActionData>({ error: parsed.error.issues[0]?.message ?? DATA_MESSAGES.emailInvalid, value }, { status: 400 });
  }
  if ((await requestDataLink(parsed.data.email, clientIp(request))) === "rate-limited") {
    return data<ActionData>({ error: DATA_MESSAGES.rateLimited, value }, { status: 429 });
  }
  return sent;
}

export default function MyDataRequest({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">Privacy</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight">Your data</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          No account is needed: your email address is the key. We send the link to that address only, so only its owner can open it.
        </p>
      </div>
      <PrivacyDataRequest
        error={actionData?.error}
        value={actionData?.value}
        status={loaderData.sent && !actionData ? DATA_MESSAGES.requestSent : undefined}
      />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Read the{" "}
        <a href={privacyPath()} className="font-medium text-brand-700 underline dark:text-brand-300">
          Privacy Policy
        </a>{" "}
        for what we collect, why, and for how long.
      </p>
    </div>
  );
}
