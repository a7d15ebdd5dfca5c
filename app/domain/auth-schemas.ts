import { z } from "zod";
import { EmailSchema } from "./email-address";

export const MISSING_FIELDS = "Email and OTP are required.";
export const VERIFY_FAILED = "Could not verify OTP. Please try again.";
export const CODE_FORMAT = "Enter the 6-digit code from your email.";

export const LoginSchema = z.object({
  email: EmailSchema,
  redirectTo: z.string().optional(),
});

export const OtpSchema = z.object({
  code: z
    .string({ error: MISSING_FIELDS })
    .trim()
    .min(1, MISSING_FIELDS)
    .regex(/^\d{6}$/, CODE_FORMAT),
});

/** Messages of the code screen, by what the server found. */
export const CODE_MESSAGES = {
  wrong: "That code didn't work. Please check it and try again.",
  expired: "That code has expired. Please request a new one.",
  locked: "Too many incorrect attempts. Please request a new code.",
} as const;
