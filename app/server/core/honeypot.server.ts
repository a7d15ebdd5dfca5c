import { HONEYPOT_FIELD } from "../../domain/honeypot";

export function honeypotFilled(formData: FormData | URLSearchParams): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.length > 0;
}
