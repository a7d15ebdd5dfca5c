import { parseWithZod } from "@conform-to/zod/v4";
import { useLocation } from "react-router";
import { LoadError, SectionCard } from "~/components/admin/admin-page";
import { AddByUploadForm, AddByUrlForm, AddFromDesignForm, SlideList, type SliderFormId } from "~/components/admin/slider-manager";
import { ActionToast } from "~/components/ui/action-toast";
import { ADMIN_LOAD_ERRORS } from "~/domain/admin-load-errors";
import {
  SLIDER_MESSAGES,
  SLIDER_UPLOAD_MAX_MB,
  SliderDesignSchema,
  SliderMoveSchema,
  SliderUploadSchema,
  SliderUrlSchema,
} from "~/domain/slider";
import { withUploadForm } from "~/server/core/forms.server";
import type { MultipartLimits } from "~/server/core/multipart.server";
import { answer, refuse } from "~/server/admin/responses.server";
import { addDesignSlide, addSlide, deleteSlide, designChoices, listSlides, moveSlide } from "~/server/admin/slider.server";
import { currentAdmin } from "~/server/auth/admin-guard.server";
import { deleteUpload, formFile, storeImageUpload } from "~/server/media/uploads.server";
import type { Route } from "./+types/admin.dashboard.settings.slider";
import { log } from "~/server/core/log.server";

export const meta = () => [{ title: "Homepage slider · Admin · Giveawear" }];

const HERE = "/admin/dashboard/settings/slider";
const TOO_LARGE = `File too large: Please upload an image smaller than ${SLIDER_UPLOAD_MAX_MB}MB.`;
/**
 * What the slider reads of a post (decision 064): one image within its limit, kept on disk while
 * the action runs, and room for the other fields and the multipart framing.
 */
const UPLOAD_FORM: MultipartLimits = {
  maxBodyBytes: SLIDER_UPLOAD_MAX_MB * 1024 * 1024 + 64 * 1024,
  maxFileBytes: SLIDER_UPLOAD_MAX_MB * 1024 * 1024,
  maxFiles: 1,
  keepFiles: true,
};

export async function loader() {
  const [slides, designs] = await Promise.allSettled([listSlides(), designChoices()]);
  if (slides.status === "rejected") log.error({ err: slides.reason }, "admin: listing slider images failed");
  if (designs.status === "rejected") log.error({ err: designs.reason }, "admin: listing AI designs failed");
  return {
    slides: slides.status === "fulfilled" ? slides.value : [],
    slidesError: slides.status === "rejected" ? ADMIN_LOAD_ERRORS.slider : null,
    designs: designs.status === "fulfilled" ? designs.value : [],
    designsError: designs.status === "rejected" ? ADMIN_LOAD_ERRORS.designs : null,
  };
}

/** A refusal for a request no add form sent (a move, a delete, an unknown intent). */
const NO_FORM = { form: null, result: undefined };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  // Refused before reading the body: an oversized upload costs nothing.
  if (Number(request.headers.get("Content-Length") ?? 0) > UPLOAD_FORM.maxBodyBytes) {
    return refuse(413, "File too large", `Please upload an image smaller than ${SLIDER_UPLOAD_MAX_MB}MB.`, {
      form: "upload",
      result: { status: "error", error: { image: [TOO_LARGE] } },
    });
  }
  return withUploadForm(request, UPLOAD_FORM, (formData) => act(formData, admin));
}

async function act(formData: FormData, admin: { id: string }) {
  const intent = formData.get("intent");

  if (intent === "add-url") {
    const submission = parseWithZod(formData, { schema: SliderUrlSchema });
    if (submission.status !== "success") {
      return refuse(400, "Image Not Added", "Please correct the errors below.", { form: "url", result: submission.reply() });
    }
    await addSlide({ ...submission.value, sourceType: "url" });
    return answer(HERE, { type: "success", title: "Image Added", description: "It is the last slide on the home page." });
  }

  if (intent === "add-upload") {
    const submission = parseWithZod(formData, { schema: SliderUploadSchema });
    const file = formFile(formData, "image");
    if (submission.status !== "success" || file === undefined) {
      const reply = submission.reply({ fieldErrors: file === undefined ? { image: ["Choose an image file to upload."] } : {} });
      return refuse(400, "Image Not Added", "Please correct the errors below.", { form: "upload", result: reply });
    }
    const stored = await storeImageUpload(file, "slider", admin.id);
    if (!stored.ok) {
      const message = `${stored.title}: ${stored.message}`;
      return refuse(400, stored.title, stored.message, { form: "upload", result: submission.reply({ fieldErrors: { image: [message] } }) });
    }
    try {
      await addSlide({ ...submission.value, imageUrl: stored.url, sourceType: "upload", sourceId: stored.assetId });
    } catch (error) {
      await deleteUpload(stored.url).catch(() => undefined);
      throw error;
    }
    return answer(HERE, { type: "success", title: "Image Uploaded", description: "It is the last slide on the home page." });
  }

  if (intent === "add-design") {
    const submission = parseWithZod(formData, { schema: SliderDesignSchema });
    if (submission.status !== "success") {
      return refuse(400, "Image Not Added", "Choose a design.", { form: "design", result: submission.reply() });
    }
    const { designId, ...text } = submission.value;
    const added = await addDesignSlide(designId, text);
    if (!added) {
      return refuse(400, "Image Not Added", "That design no longer exists.", {
        form: "design",
        result: submission.reply({ fieldErrors: { designId: ["That design no longer exists."] } }),
      });
    }
    return answer(HERE, { type: "success", title: "Design Added", description: "It is the last slide on the home page." });
  }

  if (intent === "move") {
    const submission = parseWithZod(formData, { schema: SliderMoveSchema });
    if (submission.status !== "success") {
      const errors = submission.error ?? {};
      const description = errors.direction?.[0] ?? errors.imageId?.[0] ?? SLIDER_MESSAGES.chooseImage;
      return refuse(400, "Not Moved", description, NO_FORM);
    }
    if (!(await moveSlide(submission.value.imageId, submission.value.direction))) {
      return refuse(404, "Not Moved", SLIDER_MESSAGES.imageMissing, NO_FORM);
    }
    return answer(HERE, { type: "success", title: submission.value.direction === "up" ? "Moved Up" : "Moved Down" });
  }

  if (intent === "delete") {
    const imageId = formData.get("imageId");
    if (typeof imageId !== "string" || !imageId) {
      return refuse(400, "Not Deleted", SLIDER_MESSAGES.chooseImage, NO_FORM);
    }
    if (!(await deleteSlide(imageId))) {
      return refuse(404, "Not Deleted", SLIDER_MESSAGES.imageMissing, NO_FORM);
    }
    return answer(HERE, { type: "success", title: "Image Deleted" });
  }

  return refuse(400, "Unknown Action", "Nothing was changed.", NO_FORM);
}

export default function AdminSlider({ loaderData, actionData }: Route.ComponentProps) {
  // A change redirects here (a new location): the add forms start empty again.
  const { key } = useLocation();
  const resultFor = (form: SliderFormId) => (actionData?.form === form ? (actionData.result as never) : undefined);
  return (
    <>
      <ActionToast toast={actionData?.toast} />
      <div className="space-y-6">
        <SectionCard
          id="slides"
          title="Homepage slider"
          description="The landing page shows these images in this order, one every 4.5 seconds. New images go last."
        >
          {loaderData.slidesError ? <LoadError message={loaderData.slidesError} /> : <SlideList slides={loaderData.slides} />}
        </SectionCard>
        <div className="grid gap-6 lg:grid-cols-2">
          <SectionCard id="add-url" title="Add by URL">
            <AddByUrlForm key={key} lastResult={resultFor("url")} />
          </SectionCard>
          <SectionCard id="add-upload" title="Add by upload">
            <AddByUploadForm key={key} lastResult={resultFor("upload")} />
          </SectionCard>
        </div>
        <SectionCard id="add-design" title="Add an AI design" description="Pick one of the latest 50 designs made on the platform.">
          <AddFromDesignForm key={key} designs={loaderData.designs} loadError={loaderData.designsError} lastResult={resultFor("design")} />
        </SectionCard>
      </div>
    </>
  );
}
