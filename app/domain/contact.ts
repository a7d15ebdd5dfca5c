import { z } from "zod";
import { EmailSchema } from "./email-address";

export const CONTACT_LIMITS = { name: 100, subject: 150, message: 5000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your name.",
  nameTooLong: `Your name can be at most ${CONTACT_LIMITS.name} characters.`,
  subjectRequired: "Please enter a subject.",
  subjectTooLong: `The subject can be at most ${CONTACT_LIMITS.subject} characters.`,
  messageRequired: "Please enter a message.",
  messageTooShort: "Please tell us a little more (at least 10 characters).",
  messageTooLong: `Your message can be at most ${CONTACT_LIMITS.message} characters.`,
  sendFailed: "Your message could not be sent. Please try again, or email us directly.",
} as const;

/** A required text, trimmed, that fails with one message at a time (abort), not with every rule's. */
function requiredText(required: string, max: number, tooLong: string) {
  return z.string({ error: required }).trim().min(1, { message: required, abort: true }).max(max, { message: tooLong, abort: true });
}

/** Name and subject travel in a mail subject line: one line, single spaces. */
const oneLine = (value: string) => value.replace(/\s+/g, " ");

export const ContactSchema = z.object({
  name: requiredText(CONTACT_MESSAGES.nameRequired, CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong).transform(oneLine),
  // The spec's email messages (as on sign-in and entry forms), one at a time.
  email: EmailSchema,
  subject: requiredText(CONTACT_MESSAGES.subjectRequired, CONTACT_LIMITS.subject, CONTACT_MESSAGES.subjectTooLong).transform(oneLine),
  message: requiredText(CONTACT_MESSAGES.messageRequired, CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong).min(
    10,
    CONTACT_MESSAGES.messageTooShort,
  ),
});

export type ContactMessage = z.infer<typeof ContactSchema>;
export type ContactInput = z.input<typeof ContactSchema>;
