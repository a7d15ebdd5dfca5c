/**
 * The print partner's own product mockups (decision 044). With Printify configured, a job step
 * makes each launched campaign's product in the shop once: it uploads the design
 * (POST /v1/uploads/images.json), creates the product for the campaign's colours and sizes
 * (POST /v1/shops/{shop_id}/products.json) and reads the `images` Printify answers, one front
 * mockup per colour. Each is copied into our uploads (product_image/), so pages serve it from our
 * origin at 400/800/1200 px in AVIF or WebP, like every upload, and entrants' browsers never call
 * Printify. Until then, and whenever anything fails, the pages show the local renderer's mockups.
 *
 * State lives in Campaign.printifyMockups: "" (not tried), {"pending": {until, attempts, error}}
 * (leased or waiting to retry) or the finished {colour: "/uploads/product_image/…"}. The lease is
 * taken with one conditional update on the value just read, as the other job steps do, so two
 * passes never work on the same campaign. parsePartnerMockups ignores the "pending" key, so a
 * pending campaign shows its local mockups.
 */
import path from "node:path";
import sharp from "sharp";
import { CampaignStatus } from "../../domain/campaign-status";
import { buildPrintifyProduct, campaignVariants, mockupsByColor } from "../../domain/printify";
import { getConfig } from "../core/config.server";
import { prisma } from "../core/db.server";
import { createPrintifyProduct, getPrintifyProduct, printifyEnabled, uploadPrintifyImage } from "../fulfilment/printify.server";
import { leaseUntil } from "../core/leases.server";
import { publicUrl } from "../core/public-url.server";
import { fileStore } from "../storage/file-store.server";
import { MAX_INPUT_PIXELS, uploadKey } from "../media/uploads.server";
import { UPLOADS_PATH_PREFIX, uploadPath } from "../../paths";
import { log } from "../core/log.server";

/** Long enough for an upload, a product creation and a few image downloads (each call times out after 20 s). */
export const MOCKUP_LEASE_MS = 5 * 60 * 1000;
/** After a failure: Printify may be down, or still making the mockups. */
export const MOCKUP_RETRY_MS = 30 * 60 * 1000;
/** Then the campaign keeps its local mockups for good (the error stays in printifyMockups for the admin). */
export const MOCKUP_MAX_ATTEMPTS = 8;
/** Designs up to this size travel inline (base64); larger print files are fetched by Printify from APP_URL. */
const INLINE_UPLOAD_BYTES = 5 * 1024 * 1024;
const DOWNLOAD_LIMIT_BYTES = 15 * 1024 * 1024;
const BATCH = 10;

const OWN_DESIGN = /^\/uploads\/((?:custom_design|ai_design)\/[A-Za-z0-9_-]+\.(?:png|jpe?g|webp))$/;

interface Pending {
  until: string;
  attempts: number;
  error?: string;
}

export function pendingState(value: string): Pending | null {
  if (!value.startsWith('{"pending"')) return null;
  try {
    const parsed = (JSON.parse(value) as { pending?: Partial<Pending> }).pending;
    return { until: String(parsed?.until ?? ""), attempts: Number(parsed?.attempts ?? 0) || 0, error: parsed?.error };
  } catch {
    return null;
  }
}

const pendingJson = (state: Pending) => JSON.stringify({ pending: state });

export interface PartnerMockupsSummary {
  made: number;
  failed: number;
}

export async function runPartnerMockups(now: Date = new Date()): Promise<PartnerMockupsSummary> {
  const summary: PartnerMockupsSummary = { made: 0, failed: 0 };
  if (!printifyEnabled()) return summary;
  const candidates = await prisma.campaign.findMany({
    where: {
      status: CampaignStatus.active,
      finalDesignUrl: { startsWith: UPLOADS_PATH_PREFIX },
      OR: [{ printifyMockups: "" }, { printifyMockups: { startsWith: '{"pending"' } }],
    },
    select: { id: true, printifyMockups: true },
    orderBy: { createdAt: "asc" },
    take: BATCH * 5,
  });
  let handled = 0;
  for (const candidate of candidates) {
    if (handled >= BATCH) break;
    const state = pendingState(candidate.printifyMockups);
    if (state && (state.attempts >= MOCKUP_MAX_ATTEMPTS || new Date(state.until).getTime() > now.getTime())) continue;
    const attempts = (state?.attempts ?? 0) + 1;
    const lease = pendingJson({ until: leaseUntil(now, MOCKUP_LEASE_MS).toISOString(), attempts, error: state?.error });
    const taken = await prisma.campaign.updateMany({
      where: { id: candidate.id, printifyMockups: candidate.printifyMockups },
      data: { printifyMockups: lease },
    });
    if (taken.count !== 1) continue;
    handled += 1;
    try {
      const mockups = await makePartnerMockups(candidate.id, attempts, lease);
      await prisma.campaign.updateMany({
        where: { id: candidate.id, printifyMockups: lease },
        data: { printifyMockups: JSON.stringify(mockups) },
      });
      summary.made += 1;
    } catch (error) {
      summary.failed += 1;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      log.error(`[jobs] partner mockups of campaign ${candidate.id} failed (attempt ${attempts}): ${message}`);
      await prisma.campaign.updateMany({
        where: { id: candidate.id, printifyMockups: lease },
        data: { printifyMockups: pendingJson({ until: leaseUntil(now, MOCKUP_RETRY_MS).toISOString(), attempts, error: message }) },
      });
    }
  }
  return summary;
}

async function makePartnerMockups(campaignId: string, attempt: number, lease: string): Promise<Record<string, string>> {
  const campaign = await prisma.campaign.findUniqueOrThrow({
    where: { id: campaignId },
    select: {
      title: true,
      brandName: true,
      productType: true,
      selectedColors: true,
      selectedSizes: true,
      finalDesignUrl: true,
      printifyProductId: true,
    },
  });
  const variants = campaignVariants(campaign);
  // A product the partner does not make in any chosen colour (a black mug): the local mockups stay.
  if (!Object.keys(variants).length) return {};

  // A product made by an earlier attempt (whose images could not be copied) is read, not made again.
  let product;
  if (campaign.printifyProductId) {
    product = await getPrintifyProduct(campaign.printifyProductId);
  } else {
    const design = OWN_DESIGN.exec(campaign.finalDesignUrl ?? "")?.[1];
    if (!design) return {};
    const stored = await fileStore().head(uploadKey(design));
    if (!stored) throw new Error(`The design file ${design} is missing.`);
    const fileName = path.basename(design);
    const inline = stored.size <= INLINE_UPLOAD_BYTES ? await fileStore().get(uploadKey(design)) : null;
    const image = await uploadPrintifyImage(
      inline ? { fileName, contents: inline.toString("base64") } : { fileName, url: publicUrl(campaign.finalDesignUrl ?? "") },
    );
    product = await createPrintifyProduct(buildPrintifyProduct(campaign, image.id));
    await prisma.campaign.updateMany({ where: { id: campaignId, printifyMockups: lease }, data: { printifyProductId: product.id } });
  }

  const sources = mockupsByColor(product.images, variants, new URL(getConfig().PRINTIFY_API_URL).origin);
  if (!Object.keys(sources).length) throw new Error("Printify answered the product without mockup images yet.");
  const stored: Record<string, string> = {};
  for (const [color, src] of Object.entries(sources)) {
    stored[color] = await copyMockup(src, `pfy-${campaignId}-${color.replace(/[^a-z]/g, "")}-${attempt}`);
  }
  return stored;
}

/** Downloads one mockup, checks that it is an image by decoding it, and keeps it as an upload (JPEG, at most 1200 px). */
async function copyMockup(src: string, name: string): Promise<string> {
  const response = await fetch(src, { signal: AbortSignal.timeout(20_000), redirect: "follow" });
  if (!response.ok) throw new Error(`The mockup ${src} answered ${response.status}.`);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > DOWNLOAD_LIMIT_BYTES) throw new Error(`The mockup ${src} is too large (${declared} bytes).`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > DOWNLOAD_LIMIT_BYTES) throw new Error(`The mockup ${src} is too large (${bytes.length} bytes).`);
  const jpeg = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1 })
    .autoOrient()
    .resize(1200, 1200, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#FFFFFF" })
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
  await fileStore().put(uploadKey(`product_image/${name}.jpg`), jpeg, { contentType: "image/jpeg" });
  return uploadPath(`product_image/${name}.jpg`);
}
