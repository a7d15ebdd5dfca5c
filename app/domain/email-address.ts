import { z } from "zod";

/** The spec's "basic pattern" for email addresses. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const EmailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, "Please enter a valid email address.")
  .regex(EMAIL_PATTERN, "Please enter a valid email address.")
  .transform(normalizeEmail);
