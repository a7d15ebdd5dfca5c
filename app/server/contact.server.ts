import type { ContactMessage } from "../domain/contact";
import { getConfig } from "./config.server";
import { sendTemplatedEmail } from "./email.server";

/** Hands a contact-form message to the team: the `contact_message` template, to SUPPORT_EMAIL, through the outbox. */
export async function sendContactMessage(message: ContactMessage) {
  return sendTemplatedEmail({
    to: getConfig().SUPPORT_EMAIL,
    template: "contact_message",
    tokens: { name: message.name, email: message.email, subject: message.subject, message: message.message },
  });
}
