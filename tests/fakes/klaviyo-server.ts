/**
 * A stand-in for Klaviyo's REST API on 127.0.0.1 (JSON:API, revision 2025-10-15), enough for list
 * sync: GET /api/lists (cursor pages of 10, `links.next`), POST /api/profile-subscription-bulk-create-jobs
 * and POST /api/profile-subscription-bulk-delete-jobs, each answering 202 with no body as Klaviyo does,
 * and POST /api/profile-import (Create or Update Profile: 201 for a new profile, 200 for an existing
 * one, the profile in the answer; its `properties` are merged into the profile's and the keys in
 * `meta.patch_properties.unset` removed, scope profiles:write).
 *
 * Like Klaviyo it wants `Authorization: Klaviyo-API-Key <private key>` (401 `not_authenticated`
 * otherwise; 403 `permission_denied` for a read-only key writing), a `revision` header, and a body it
 * validates: the job and profile types, `consented_at` only in a historical import (and then on every
 * profile), a list that exists (404), and each profile's address, refusing a bad one with a 400 whose
 * `source.pointer` names the profile (the whole job is refused). Profiles are kept by address, so
 * subscribing one twice leaves one profile. Faults (down, 5xx, 429 with Retry-After, a held request)
 * come from ServiceFaults.
 */
import { randomUUID } from "node:crypto";
import type http from "node:http";
import { fakeHttpServer } from "./http-server";
import { fileURLToPath } from "node:url";
import { ServiceFaults, readBody, send } from "./service-faults";

export interface FakeKlaviyoProfile {
  id: string;
  email: string;
  /** Email marketing consent. */
  consent: "SUBSCRIBED" | "UNSUBSCRIBED";
  consentedAt: string | null;
  /** custom_source of the last subscription. */
  source: string | null;
  lists: Set<string>;
  /** How many subscribe jobs named this profile. */
  subscribeJobs: number;
  unsubscribeJobs: number;
  /** Custom properties, merged by each profile import. */
  properties: Record<string, unknown>;
  /** How many profile imports named this profile. */
  imports: number;
}

export interface FakeKlaviyoRequest {
  method: string;
  path: string;
  key: string | null;
  revision: string | null;
  body: unknown;
}

export interface FakeKlaviyo {
  url: string;
  faults: ServiceFaults;
  requests: FakeKlaviyoRequest[];
  /** Profiles by lower-cased address. */
  profiles: Map<string, FakeKlaviyoProfile>;
  lists: { id: string; name: string }[];
  /** Keys Klaviyo accepts; "read-only" keys may read lists but not write. */
  keys: Map<string, "full" | "read-only">;
  /** Addresses Klaviyo refuses (400 naming the profile), besides malformed ones. */
  refusedEmails: Set<string>;
  profile(email: string): FakeKlaviyoProfile | undefined;
  /** Requests to the subscription endpoints that named this address. */
  jobsNaming(email: string): FakeKlaviyoRequest[];
  close(): Promise<void>;
  handler: http.RequestListener;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function errors(status: number, code: string, title: string, detail: string, pointer?: string) {
  return { errors: [{ id: randomUUID(), status, code, title, detail, ...(pointer ? { source: { pointer } } : {}) }] };
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

export function createFakeKlaviyo(
  options: { keys?: Record<string, "full" | "read-only">; lists?: { id: string; name: string }[] } = {},
): FakeKlaviyo {
  const faults = new ServiceFaults((status, title, detail) => errors(status, status === 429 ? "throttled" : "error", title, detail));
  const state: FakeKlaviyo = {
    url: "",
    handler: () => undefined,
    close: async () => undefined,
    faults,
    requests: [],
    profiles: new Map(),
    lists: options.lists ?? [
      { id: "Xy12Ab", name: "Newsletter" },
      { id: "Qw34Cd", name: "Giveaway leads" },
    ],
    keys: new Map(Object.entries(options.keys ?? {})),
    refusedEmails: new Set(),
    profile: (email) => state.profiles.get(email.trim().toLowerCase()),
    jobsNaming: (email) =>
      state.requests.filter(
        (request) =>
          request.method === "POST" &&
          JSON.stringify(request.body ?? "")
            .toLowerCase()
            .includes(`"email":"${email.trim().toLowerCase()}"`),
      ),
  };

  function validateJob(
    body: unknown,
    type: string,
    subscribe: boolean,
  ):
    | { status: number; body: unknown }
    | { listId: string | null; profiles: { email: string; consentedAt: string | null }[]; source: string | null } {
    const data = isRecord(body) ? body.data : undefined;
    if (!isRecord(data) || data.type !== type)
      return { status: 400, body: errors(400, "invalid", "Invalid input.", `data.type must be "${type}".`, "/data/type") };
    const attributes = isRecord(data.attributes) ? data.attributes : {};
    const historical = attributes.historical_import === true;
    const profiles = isRecord(attributes.profiles) ? attributes.profiles.data : undefined;
    if (!Array.isArray(profiles) || profiles.length === 0 || profiles.length > 1000) {
      return {
        status: 400,
        body: errors(400, "invalid", "Invalid input.", "profiles.data must list 1 to 1000 profiles.", "/data/attributes/profiles/data"),
      };
    }
    const problems: { index: number; detail: string; field: string }[] = [];
    const parsed = profiles.map((profile: unknown, index) => {
      const attrs = isRecord(profile) && isRecord(profile.attributes) ? profile.attributes : {};
      if (!isRecord(profile) || profile.type !== "profile") problems.push({ index, detail: 'type must be "profile".', field: "type" });
      const email = typeof attrs.email === "string" ? attrs.email : "";
      if (!EMAIL.test(email) || state.refusedEmails.has(email.toLowerCase()))
        problems.push({ index, detail: `Invalid email address: ${email}`, field: "attributes/email" });
      const marketing =
        isRecord(attrs.subscriptions) && isRecord(attrs.subscriptions.email) && isRecord(attrs.subscriptions.email.marketing)
          ? attrs.subscriptions.email.marketing
          : {};
      const expected = subscribe ? "SUBSCRIBED" : "UNSUBSCRIBED";
      if (marketing.consent !== expected)
        problems.push({ index, detail: `consent must be "${expected}".`, field: "attributes/subscriptions/email/marketing/consent" });
      const consentedAt = typeof marketing.consented_at === "string" ? marketing.consented_at : null;
      if (consentedAt !== null && !historical) {
        problems.push({
          index,
          detail: "consented_at can only be set when historical_import is true.",
          field: "attributes/subscriptions/email/marketing/consented_at",
        });
      }
      if (
        subscribe &&
        historical &&
        (consentedAt === null || Number.isNaN(Date.parse(consentedAt)) || Date.parse(consentedAt) > Date.now() + 60_000)
      ) {
        problems.push({
          index,
          detail: "consented_at must be a past date when historical_import is true.",
          field: "attributes/subscriptions/email/marketing/consented_at",
        });
      }
      return { email, consentedAt };
    });
    if (problems.length) {
      return {
        status: 400,
        body: {
          errors: problems.map((problem) => ({
            id: randomUUID(),
            status: 400,
            code: "invalid",
            title: "Invalid input.",
            detail: problem.detail,
            source: { pointer: `/data/attributes/profiles/data/${problem.index}/${problem.field}` },
          })),
        },
      };
    }
    const list =
      isRecord(data.relationships) && isRecord(data.relationships.list) && isRecord(data.relationships.list.data)
        ? data.relationships.list.data
        : null;
    const listId = list && list.type === "list" && typeof list.id === "string" ? list.id : null;
    if (subscribe && !listId)
      return { status: 400, body: errors(400, "invalid", "Invalid input.", "A list is required.", "/data/relationships/list") };
    if (listId && !state.lists.some((candidate) => candidate.id === listId)) {
      return { status: 404, body: errors(404, "not_found", "Not found.", `A list with id ${listId} does not exist.`) };
    }
    return { listId, profiles: parsed, source: typeof attributes.custom_source === "string" ? attributes.custom_source : null };
  }

  function upsert(email: string): FakeKlaviyoProfile {
    const key = email.toLowerCase();
    let profile = state.profiles.get(key);
    if (!profile) {
      profile = {
        id: `01${randomUUID().replace(/-/g, "").slice(0, 24).toUpperCase()}`,
        email,
        consent: "UNSUBSCRIBED",
        consentedAt: null,
        source: null,
        lists: new Set(),
        subscribeJobs: 0,
        unsubscribeJobs: 0,
        properties: {},
        imports: 0,
      };
      state.profiles.set(key, profile);
    }
    return profile;
  }

  state.handler = async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const text = await readBody(request);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const auth = request.headers.authorization ?? "";
    const key = /^Klaviyo-API-Key (\S+)$/.exec(auth)?.[1] ?? null;
    const revision = typeof request.headers.revision === "string" ? request.headers.revision : null;
    state.requests.push({ method: request.method ?? "GET", path: url.pathname + url.search, key, revision, body });

    const fault = faults.before(url.pathname);
    if (fault === "reset") return void request.socket.destroy();
    if (fault) return send(response, fault.status, fault.body, fault.headers, "application/vnd.api+json");

    if (!key || !state.keys.has(key)) {
      return send(
        response,
        401,
        errors(401, "not_authenticated", "Authentication credentials were not provided.", "Missing or invalid private key.", "/data/"),
        {},
        "application/vnd.api+json",
      );
    }
    if (!revision || !/^\d{4}-\d{2}-\d{2}(\.pre)?$/.test(revision)) {
      return send(
        response,
        400,
        errors(400, "invalid", "Invalid input.", "The revision header is required (e.g. 2025-10-15)."),
        {},
        "application/vnd.api+json",
      );
    }

    if (request.method === "GET" && url.pathname === "/api/lists") {
      const cursor = Number(url.searchParams.get("page[cursor]") ?? 0) || 0;
      const page = state.lists.slice(cursor, cursor + 10);
      const next = cursor + 10 < state.lists.length ? `${state.url}/api/lists?page%5Bcursor%5D=${cursor + 10}` : null;
      return send(
        response,
        200,
        {
          data: page.map((list) => ({
            type: "list",
            id: list.id,
            attributes: { name: list.name },
            links: { self: `${state.url}/api/lists/${list.id}` },
          })),
          links: { self: `${state.url}${url.pathname}${url.search}`, next, prev: null },
        },
        {},
        "application/vnd.api+json",
      );
    }

    const subscribe = url.pathname === "/api/profile-subscription-bulk-create-jobs";
    const unsubscribe = url.pathname === "/api/profile-subscription-bulk-delete-jobs";
    if (request.method === "POST" && (subscribe || unsubscribe)) {
      if (state.keys.get(key) !== "full") {
        return send(
          response,
          403,
          errors(
            403,
            "permission_denied",
            "You do not have permission to perform this action.",
            "This API key is missing required scopes: subscriptions:write.",
          ),
          {},
          "application/vnd.api+json",
        );
      }
      const contentType = request.headers["content-type"] ?? "";
      if (!/^application\/(vnd\.api\+)?json/.test(contentType)) {
        return send(
          response,
          415,
          errors(415, "unsupported_media_type", "Unsupported media type.", `Unsupported media type "${contentType}".`),
          {},
          "application/vnd.api+json",
        );
      }
      const job = validateJob(body, subscribe ? "profile-subscription-bulk-create-job" : "profile-subscription-bulk-delete-job", subscribe);
      if ("status" in job) return send(response, job.status, job.body, {}, "application/vnd.api+json");
      await faults.hold(url.pathname, false, request);
      if (response.destroyed || request.socket.destroyed) return;
      for (const item of job.profiles) {
        const profile = upsert(item.email);
        if (subscribe) {
          profile.consent = "SUBSCRIBED";
          profile.consentedAt = item.consentedAt;
          profile.source = job.source;
          profile.subscribeJobs += 1;
          if (job.listId) profile.lists.add(job.listId);
        } else {
          profile.consent = "UNSUBSCRIBED";
          profile.unsubscribeJobs += 1;
          if (job.listId) profile.lists.delete(job.listId);
        }
      }
      await faults.hold(url.pathname, true, request);
      return send(response, 202, null);
    }

    if (request.method === "POST" && url.pathname === "/api/profile-import") {
      if (state.keys.get(key) !== "full") {
        return send(
          response,
          403,
          errors(
            403,
            "permission_denied",
            "You do not have permission to perform this action.",
            "This API key is missing required scopes: profiles:write.",
          ),
          {},
          "application/vnd.api+json",
        );
      }
      const data = isRecord(body) ? body.data : undefined;
      if (!isRecord(data) || data.type !== "profile")
        return send(
          response,
          400,
          errors(400, "invalid", "Invalid input.", 'data.type must be "profile".', "/data/type"),
          {},
          "application/vnd.api+json",
        );
      const attributes = isRecord(data.attributes) ? data.attributes : {};
      const email = typeof attributes.email === "string" ? attributes.email : "";
      if (!EMAIL.test(email) || state.refusedEmails.has(email.toLowerCase())) {
        return send(
          response,
          400,
          errors(400, "invalid", "Invalid input.", `Invalid email address: ${email}`, "/data/attributes/email"),
          {},
          "application/vnd.api+json",
        );
      }
      if (attributes.properties !== undefined && !isRecord(attributes.properties)) {
        return send(
          response,
          400,
          errors(400, "invalid", "Invalid input.", "properties must be an object.", "/data/attributes/properties"),
          {},
          "application/vnd.api+json",
        );
      }
      await faults.hold(url.pathname, false, request);
      if (response.destroyed || request.socket.destroyed) return;
      const existed = state.profiles.has(email.toLowerCase());
      const profile = upsert(email);
      Object.assign(profile.properties, attributes.properties ?? {});
      // meta.patch_properties.unset: a property key, or a list of them, removed from the profile.
      const patch = isRecord(data.meta) && isRecord(data.meta.patch_properties) ? data.meta.patch_properties : {};
      for (const name of typeof patch.unset === "string" ? [patch.unset] : Array.isArray(patch.unset) ? patch.unset : []) {
        if (typeof name === "string") delete profile.properties[name];
      }
      profile.imports += 1;
      await faults.hold(url.pathname, true, request);
      return send(
        response,
        existed ? 200 : 201,
        { data: { type: "profile", id: profile.id, attributes: { email: profile.email, properties: profile.properties } } },
        {},
        "application/vnd.api+json",
      );
    }

    return send(
      response,
      404,
      errors(404, "not_found", "Not found.", `No route for ${request.method} ${url.pathname}.`),
      {},
      "application/vnd.api+json",
    );
  };

  return state;
}

/** The fake listening on 127.0.0.1 (port 0: any free one). */
export async function startFakeKlaviyoServer(
  options: Parameters<typeof createFakeKlaviyo>[0] & { port?: number } = {},
): Promise<FakeKlaviyo> {
  const fake = createFakeKlaviyo(options);
  const server = fakeHttpServer(fake.handler);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = async () => {
    fake.faults.reset();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fake = await startFakeKlaviyoServer({ port: Number(process.env.FAKE_KLAVIYO_PORT ?? 0) });
  console.log(`fake Klaviyo on ${fake.url}`);
}
