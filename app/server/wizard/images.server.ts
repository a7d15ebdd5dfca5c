import type { SubmissionResult } from "@conform-to/react";
import { prisma } from "../core/db.server";
import type { CurrentUser } from "../auth/session.server";
import type { ToastInput } from "../core/toast.server";
import { formFile, storedUploadPath, storeImageUpload, type UploadKind } from "../media/uploads.server";
import { invalid, type StepOutcome } from "./step.server";

/** Upload kinds a campaign's design may name: the user's uploaded artwork and AI designs. */
export const DESIGN_IMAGE_KINDS = ["custom_design", "ai_design"] as const;
/** Upload kinds an additional prize's image may name. */
export const PRIZE_IMAGE_KINDS = ["prize_image"] as const;

export interface ImagePlace {
  /** What the campaign (or the campaign being copied) already stores in this place: kept as it is. */
  kept: readonly (string | null | undefined)[];
  /** The upload kinds (folders under /uploads) that fit this place. */
  kinds: readonly string[];
}

/**
 * Whether an image URL sent by a form may be stored on the user's campaign. Stored images are
 * references to uploads, so the URL must be one the campaign already stores in that place, or name
 * an upload the user owns: a path we could have written (storedUploadPath: "/uploads/<kind>/<name>",
 * no "..") of a kind that fits, recorded with the user as its owner (UploadedAsset.userId, or
 * AiDesign.userId for AI designs). Another user's upload, a path that climbs out of the uploads
 * ("/uploads/prize_image/../../campaign/<id>") or any other URL is refused.
 */
export async function mayStoreImageUrl(userId: string | null, url: string, place: ImagePlace): Promise<boolean> {
  if (place.kept.includes(url)) return true;
  const path = storedUploadPath(url);
  if (!userId || !path) return false;
  const kind = path.slice(0, path.indexOf("/"));
  if (!place.kinds.includes(kind)) return false;
  const owned =
    kind === "ai_design"
      ? await prisma.aiDesign.count({ where: { userId, OR: [{ printUrl: url }, { imageUrl: url }] } })
      : await prisma.uploadedAsset.count({ where: { userId, kind, path } });
  return owned > 0;
}

export type TakenUpload =
  | { kind: "none" }
  | { kind: "visitor"; name: string }
  | { kind: "stored"; url: string }
  | { kind: "refused"; title: string; message: string };

/** Stores an uploaded image for a signed-in user; visitors' files only earn the "Preview after login" note. */
export async function takeUpload(formData: FormData, field: string, kind: UploadKind, user: CurrentUser | null): Promise<TakenUpload> {
  const file = formFile(formData, field);
  if (file === undefined) return { kind: "none" };
  if (!user) return { kind: "visitor", name: file?.name ?? "your file" };
  const stored = await storeImageUpload(file, kind, user.id);
  return stored.ok ? { kind: "stored", url: stored.url } : { kind: "refused", title: stored.title, message: stored.message };
}

/** A refused upload: the form again, the reason on its field and in the toast. */
export function uploadRefused(result: SubmissionResult<string[]>, upload: Extract<TakenUpload, { kind: "refused" }>): StepOutcome {
  return invalid(result, { type: "error", title: upload.title, description: upload.message });
}

/** The note for files a visitor chose: they are uploaded once the visitor signs in. */
export function previewAfterLogin(names: string[]): ToastInput | null {
  if (!names.length) return null;
  return {
    type: "info",
    title: "Preview after login",
    description: `Sign in to upload ${names.join(", ")}. Everything else on this step is saved.`,
  };
}
