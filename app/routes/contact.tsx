import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import { Icon } from "~/components/marketing/icons";
import { PageHeader } from "~/components/marketing/sections";
import { ActionToast } from "~/components/ui/action-toast";
import { FormErrors } from "~/components/ui/field";
import { InputField, TextAreaField } from "~/components/ui/form-fields";
import { HoneypotField } from "~/components/ui/honeypot";
import { CONTACT_LIMITS, CONTACT_MESSAGES, type ContactInput, ContactSchema } from "~/domain/contact";
import { readForm } from "~/server/core/forms.server";
import { getConfig } from "~/server/core/config.server";
import { sendContactMessage } from "~/server/marketing/contact.server";
import { honeypotFilled } from "~/server/core/honeypot.server";
import { clientIp } from "~/server/core/request.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { actionToast, redirectWithToast } from "~/server/core/toast.server";
import { pageMeta } from "~/components/marketing/meta";
import type { Route } from "./+types/contact";
import { href, privacyPath } from "~/paths";
import { log } from "~/server/core/log.server";

const TITLE = "Contact Us · Giveawear";
const DESCRIPTION = "Questions about a giveaway, a plan or your account? Send the Giveawear team a message and we'll get back to you.";

export const meta: Route.MetaFunction = () => pageMeta(TITLE, DESCRIPTION);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  return {
    // Only a name the person gave us; the display name may just be the start of their email address.
    defaults: { name: user ? `${user.firstName} ${user.lastName}`.trim() : "", email: user?.email ?? "" },
    supportEmail: getConfig().SUPPORT_EMAIL,
    claimWindowDays: getConfig().CLAIM_WINDOW_DAYS,
  };
}

const SEND_FAILED = { type: "error", title: "Message Not Sent", description: CONTACT_MESSAGES.sendFailed } as const;
const TOO_MANY = "Too many messages from your network. Please try again in an hour.";

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), toast: null }, { status: 400 });
  }
  if (honeypotFilled(formData)) {
    return data(
      { result: submission.reply({ formErrors: [CONTACT_MESSAGES.sendFailed] }), toast: actionToast(SEND_FAILED) },
      { status: 400 },
    );
  }
  try {
    if ((await sendContactMessage(submission.value, clientIp(request))) === "rate-limited") {
      return data(
        {
          result: submission.reply({ formErrors: [TOO_MANY] }),
          toast: actionToast({ type: "error", title: "Message Not Sent", description: TOO_MANY }),
        },
        { status: 429 },
      );
    }
  } catch (error) {
    log.error({ err: error }, "contact: storing the message failed");
    return data(
      { result: submission.reply({ formErrors: [CONTACT_MESSAGES.sendFailed] }), toast: actionToast(SEND_FAILED) },
      { status: 503 },
    );
  }
  return redirectWithToast(
    href("/contact"),
    { type: "success", title: "Message Sent", description: "Thanks! We'll get back to you soon." },
    { status: 303 },
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  // A sent message redirects back here (a new location): the form starts afresh instead of keeping the text.
  const location = useLocation();
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <PageHeader
        eyebrow="Contact"
        title="Get in Touch"
        intro="Questions about a giveaway, a plan or your account? Send us a message and the Giveawear team will get back to you."
      />

      <div className="mx-auto grid max-w-6xl gap-10 px-4 pt-6 pb-20 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <ContactForm key={location.key} defaults={loaderData.defaults} lastResult={actionData?.result} />

        <aside aria-labelledby="other-ways-title" className="space-y-6">
          <h2 id="other-ways-title" className="text-lg font-bold">
            Other ways to reach us
          </h2>
          <div>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">Email</h3>
            <a
              href={`mailto:${loaderData.supportEmail}`}
              className="mt-1 inline-block font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
            >
              {loaderData.supportEmail}
            </a>
          </div>
          <div>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
              About a giveaway you entered
            </h3>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              Each giveaway's official rules name the brand running it and explain how winners are drawn and notified. Winners hear from us
              by email and have {loaderData.claimWindowDays} days to claim their prize.
            </p>
          </div>
          <div>
            <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">Helpful pages</h3>
            <ul className="mt-1 space-y-1 text-sm">
              {[
                { to: href("/how-it-works"), label: "How It Works" },
                { to: href("/pricing"), label: "Pricing" },
                { to: href("/terms"), label: "Terms of Service" },
                { to: privacyPath(), label: "Privacy Policy" },
              ].map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </div>
    </>
  );
}

function ContactForm({ defaults, lastResult }: { defaults: { name: string; email: string }; lastResult: SubmissionResult | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields] = useForm<ContactInput>({
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  });

  return (
    <div className="card p-6 sm:p-8">
      <h2 className="text-xl font-bold">Send us a message</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">All fields are required.</p>
      <Form method="post" className="relative mt-6 space-y-5" {...getFormProps(form)}>
        <HoneypotField />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField meta={fields.name} label="Name" autoComplete="name" maxLength={CONTACT_LIMITS.name} required />
          <InputField meta={fields.email} label="Email" type="email" autoComplete="email" placeholder="you@example.com" required />
        </div>
        <InputField meta={fields.subject} label="Subject" maxLength={CONTACT_LIMITS.subject} required />
        <TextAreaField
          meta={fields.message}
          label="Message"
          rows={6}
          maxLength={CONTACT_LIMITS.message}
          required
          inputClassName="min-h-40"
        />
        <button type="submit" className="btn-primary w-full px-6 py-3 text-base sm:w-auto" disabled={sending}>
          <Icon name="mail" className="h-5 w-5" />
          {sending ? "Sending..." : "Send Message"}
        </button>
      </Form>
    </div>
  );
}
