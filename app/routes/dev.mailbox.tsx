import { data, redirect } from "react-router";
import { getConfig } from "~/server/core/config.server";
import { latestOutboundEmails } from "~/server/email/outbox.server";
import { latestOutboundSms } from "~/server/sms/sms.server";
import { isFromThisMachine } from "~/server/core/request.server";
import type { Route } from "./+types/dev.mailbox";
import { href } from "~/paths";

export const meta = () => [{ title: "Local mailbox · Giveawear" }];

/**
 * Development only: the outbox, so sign-in codes can be read without an SMTP server, and beside it
 * the SMS outbox (decision 094), the winners' texts kept when Twilio is not configured. It holds
 * everyone's sign-in codes, so only this machine may read it, judged by the connection's own
 * address, never by a forwarded one (decision 066): anyone else gets Not Found.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (getConfig().NODE_ENV === "production") throw redirect(href("/start"));
  if (!isFromThisMachine(request)) throw data("Not Found", { status: 404 });
  const [messages, texts] = await Promise.all([latestOutboundEmails(50), latestOutboundSms(50)]);
  return {
    texts: texts.map((t) => ({ id: t.id, to: t.to, body: t.body, kind: t.kind, status: t.status, createdAt: t.createdAt.toISOString() })),
    messages: messages.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text ?? "",
      status: m.status,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Local mailbox</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Emails stored in the outbox (newest first). Shown in development only, and only on this machine; set SMTP_URL to deliver for real.
      </p>
      {loaderData.messages.length === 0 ? <p className="mt-8">No messages yet.</p> : null}
      <ul className="mt-8 space-y-4">
        {loaderData.messages.map((message) => (
          <li key={message.id} className="card p-5">
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {new Date(message.createdAt).toUTCString()} · to {message.to} · {message.status}
            </p>
            <h2 className="mt-1 font-semibold">{message.subject}</h2>
            <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm">{message.text}</pre>
          </li>
        ))}
      </ul>
      <h2 className="mt-12 text-2xl font-bold tracking-tight">SMS</h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Text messages in the SMS outbox (newest first); set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to send them through
        Twilio.
      </p>
      {loaderData.texts.length === 0 ? <p className="mt-6">No text messages yet.</p> : null}
      <ul className="mt-6 space-y-4" data-testid="sms-outbox">
        {loaderData.texts.map((text) => (
          <li key={text.id} className="card p-5">
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {new Date(text.createdAt).toUTCString()} · to {text.to} · {text.kind.replace("_", " ")} · {text.status}
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words text-sm">{text.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
