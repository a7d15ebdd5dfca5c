import { z } from "zod";

/** A toast: the short message a page shows once after an action (app/server/core/toast.server.ts carries it). */
export const ToastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string(),
  description: z.string().optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

/** A toast in action data; the id makes a repeated message show (and animate) again. */
export type IdentifiedToast = Toast & { id: string };
