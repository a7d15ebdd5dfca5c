import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import {
  SLIDER_LIMITS,
  SLIDER_UPLOAD_MAX_MB,
  SLIDER_UPLOAD_TYPES,
  SliderDesignSchema,
  SliderUploadSchema,
  SliderUrlSchema,
} from "~/domain/slider";
import { FieldErrors, FormErrors } from "../ui/field";
import { Badge, LoadError } from "./admin-page";
import { InputField, SubmitButton } from "../ui/form-fields";
import { useSubmitting } from "../ui/use-submitting";

export interface SlideRow {
  id: string;
  imageUrl: string;
  altText: string;
  overlayText: string | null;
  sourceType: string;
}

export interface DesignChoice {
  id: string;
  imageUrl: string;
  promptText: string;
}

export type SliderFormId = "url" | "upload" | "design";
export type SliderResults = Partial<Record<SliderFormId, SubmissionResult<string[]>>>;

const SOURCE_LABELS: Record<string, string> = { url: "URL", upload: "Upload", design: "AI design" };

function useBusy() {
  const submitting = useSubmitting();
  return (intent: string, imageId?: string) => submitting({ intent, imageId });
}

export function SlideList({ slides }: { slides: SlideRow[] }) {
  const busy = useBusy();
  if (slides.length === 0) {
    return <p className="text-slate-700 dark:text-slate-300">No images: the home page shows its built-in placeholder slides.</p>;
  }
  return (
    <ol className="space-y-3" aria-label="Slider images in display order">
      {slides.map((slide, index) => (
        <li
          key={slide.id}
          data-testid="slide-row"
          className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center dark:border-slate-800"
        >
          <div className="flex min-w-0 flex-1 items-center gap-3">
            <span className="w-6 shrink-0 text-center text-sm font-bold text-slate-600 tabular-nums dark:text-slate-400">{index + 1}</span>
            <img
              src={slide.imageUrl}
              alt=""
              width="96"
              height="64"
              loading="lazy"
              className="h-16 w-24 shrink-0 rounded-lg bg-slate-100 object-cover dark:bg-slate-800"
            />
            <div className="min-w-0">
              <p className="truncate font-medium" data-testid="slide-alt">
                {slide.altText || "No description"}
              </p>
              <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                <Badge>{SOURCE_LABELS[slide.sourceType] ?? slide.sourceType}</Badge>
                {slide.overlayText ? <span>Overlay: “{slide.overlayText}”</span> : null}
              </p>
              <p className="mt-0.5 truncate font-mono text-xs text-slate-600 dark:text-slate-400">{slide.imageUrl}</p>
            </div>
          </div>
          <div className="flex shrink-0 gap-2 pl-9 sm:pl-0">
            <Form method="post">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="imageId" value={slide.id} />
              <button
                type="submit"
                name="direction"
                value="up"
                className="btn-secondary px-3"
                disabled={index === 0 || busy("move", slide.id)}
                aria-label={`Move “${slide.altText || `image ${index + 1}`}” up`}
              >
                ↑ Up
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="imageId" value={slide.id} />
              <button
                type="submit"
                name="direction"
                value="down"
                className="btn-secondary px-3"
                disabled={index === slides.length - 1 || busy("move", slide.id)}
                aria-label={`Move “${slide.altText || `image ${index + 1}`}” down`}
              >
                ↓ Down
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="imageId" value={slide.id} />
              <button
                type="submit"
                className="btn-secondary px-3 text-red-700 dark:text-red-300"
                disabled={busy("delete", slide.id)}
                aria-label={`Delete “${slide.altText || `image ${index + 1}`}”`}
              >
                Delete
              </button>
            </Form>
          </div>
        </li>
      ))}
    </ol>
  );
}

function formOptions(id: SliderFormId, lastResult: SubmissionResult<string[]> | undefined) {
  return { id: `slider-${id}`, lastResult, shouldValidate: "onSubmit" as const, shouldRevalidate: "onInput" as const };
}

function TextFields({ fields }: { fields: { altText: never; overlayText: never } }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField meta={fields.altText} label="Description (alt text)" maxLength={SLIDER_LIMITS.altText} />
      <InputField meta={fields.overlayText} label="Overlay text (optional)" maxLength={SLIDER_LIMITS.overlayText} />
    </div>
  );
}

export function AddByUrlForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useBusy();
  const [form, fields] = useForm({
    ...formOptions("url", lastResult),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SliderUrlSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="add-url" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField
        meta={fields.imageUrl}
        label="Image URL"
        type="url"
        placeholder="https://example.com/slide.jpg"
        maxLength={SLIDER_LIMITS.imageUrl}
        hint="http:// or https:// only; prefer https:// (browsers may block plain http images on a secure site)."
      />
      <TextFields fields={fields as never} />
      <SubmitButton busy={busy("add-url")} busyText="Adding...">
        Add image from URL
      </SubmitButton>
    </Form>
  );
}

export function AddByUploadForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useBusy();
  const [form, fields] = useForm({
    ...formOptions("upload", lastResult),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SliderUploadSchema }),
  });
  const imageErrors = (lastResult?.error?.image ?? undefined) as string[] | undefined;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="add-upload" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div>
        <label htmlFor="slider-image-file" className="label">
          Image file
        </label>
        <input
          id="slider-image-file"
          type="file"
          name="image"
          required
          accept={SLIDER_UPLOAD_TYPES.join(",")}
          aria-describedby="slider-image-hint"
          aria-invalid={imageErrors?.length ? true : undefined}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 dark:text-slate-300 dark:file:bg-brand-900/50 dark:file:text-brand-100"
        />
        <p id="slider-image-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          PNG, JPG, GIF or WEBP, one file, up to {SLIDER_UPLOAD_MAX_MB}MB.
        </p>
        <FieldErrors id="slider-image-error" errors={imageErrors} />
      </div>
      <TextFields fields={fields as never} />
      <SubmitButton busy={busy("add-upload")} busyText="Uploading...">
        Upload image
      </SubmitButton>
    </Form>
  );
}

export function AddFromDesignForm({
  designs,
  loadError,
  lastResult,
}: {
  designs: DesignChoice[];
  loadError: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const busy = useBusy();
  const [form, fields] = useForm({
    ...formOptions("design", lastResult),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SliderDesignSchema }),
  });
  if (loadError) return <LoadError message={loadError} />;
  if (designs.length === 0) return <p className="text-slate-700 dark:text-slate-300">No AI designs yet.</p>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="add-design" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset>
        <legend className="label">Latest {designs.length} AI designs</legend>
        <div className="grid max-h-96 grid-cols-3 gap-2 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-5 lg:grid-cols-6 dark:border-slate-800">
          {designs.map((design) => (
            <label
              key={design.id}
              className="relative block cursor-pointer rounded-lg border-2 border-transparent p-0.5 has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input type="radio" name={fields.designId.name} value={design.id} className="sr-only" />
              <img
                src={design.imageUrl}
                alt={design.promptText}
                width="120"
                height="120"
                loading="lazy"
                className="aspect-square w-full rounded-md bg-slate-100 object-cover dark:bg-slate-800"
              />
            </label>
          ))}
        </div>
        <FieldErrors id={fields.designId.errorId} errors={fields.designId.errors} />
      </fieldset>
      <TextFields fields={fields as never} />
      <p className="text-xs text-slate-600 dark:text-slate-400">Leave the description empty to use the design's prompt.</p>
      <SubmitButton busy={busy("add-design")} busyText="Adding...">
        Add selected design
      </SubmitButton>
    </Form>
  );
}
