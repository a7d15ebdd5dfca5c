/**
 * A stand-in for Mailchimp's Marketing API v3 on 127.0.0.1, enough for audience sync: GET /3.0/ping,
 * GET /3.0/lists, PUT /3.0/lists/{list_id}/members/{subscriber_hash} (add or update: an upsert keyed
 * by the MD5 of the lower-cased address, which must match `email_address`), POST …/members/{hash}/tags
 * (204) and PATCH …/members/{hash} (404 for an address that is not a member).
 *
 * Like Mailchimp it takes HTTP basic auth with the API key as password (401 "API Key Invalid"
 * otherwise), answers errors as problem documents (type, title, status, detail, instance), wants
 * `status_if_new` for a new member, and refuses a malformed address ("Invalid Resource") or one in a
 * compliance state ("Member In Compliance State", set up with `complianceEmails`) with a 400 that
 * concerns that member only. Faults (down, 5xx, 429 with Retry-After, a held request) come from
 * ServiceFaults.
 */
import { createHash, randomUUID } from "node:crypto";
import type http from "node:http";
import { fakeHttpServer } from "./http-server";
import { fileURLToPath } from "node:url";
import { ServiceFaults, readBody, send } from "./service-faults";

export interface FakeMailchimpMember {
  id: string;
  email_address: string;
  unique_email_id: string;
  status: "subscribed" | "unsubscribed" | "pending" | "cleaned" | "transactional";
  timestamp_opt: string;
  ip_opt: string;
  tags: { id: number; name: string }[];
  list_id: string;
  /** How many PUTs reached this member. */
  upserts: number;
}

export interface FakeMailchimpRequest {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
}

export interface FakeMailchimp {
  url: string;
  faults: ServiceFaults;
  requests: FakeMailchimpRequest[];
  lists: { id: string; name: string }[];
  /** Members by list id, then subscriber hash. */
  members: Map<string, Map<string, FakeMailchimpMember>>;
  keys: Set<string>;
  /** Addresses Mailchimp will not subscribe (unsubscribed or cleaned before: a compliance state). */
  complianceEmails: Set<string>;
  member(listId: string, email: string): FakeMailchimpMember | undefined;
  /** Every member with this address, in any list. */
  membersWith(email: string): FakeMailchimpMember[];
  handler: http.RequestListener;
  close(): Promise<void>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const hashOf = (email: string) => createHash("md5").update(email.trim().toLowerCase()).digest("hex");

function problem(status: number, title: string, detail: string, errors?: { field: string; message: string }[]) {
  return {
    type: "https://mailchimp.com/developer/marketing/docs/errors/",
    title,
    status,
    detail,
    instance: randomUUID(),
    ...(errors ? { errors } : {}),
  };
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const STATUSES = ["subscribed", "unsubscribed", "cleaned", "pending", "transactional"] as const;
type MemberStatus = (typeof STATUSES)[number];
const isStatus = (value: unknown): value is MemberStatus => typeof value === "string" && (STATUSES as readonly string[]).includes(value);

export function createFakeMailchimp(options: { keys?: string[]; lists?: { id: string; name: string }[] } = {}): FakeMailchimp {
  const faults = new ServiceFaults((status, title, detail) => problem(status, title, detail));
  let tagIds = 1000;
  const fake: FakeMailchimp = {
    url: "",
    faults,
    requests: [],
    lists: options.lists ?? [
      { id: "a1b2c3d4e5", name: "Brand Newsletter" },
      { id: "f6a7b8c9d0", name: "Giveaway Entrants" },
    ],
    members: new Map(),
    keys: new Set(options.keys ?? []),
    complianceEmails: new Set(),
    member: (listId, email) => fake.members.get(listId)?.get(hashOf(email)),
    membersWith: (email) =>
      [...fake.members.values()]
        .flatMap((members) => [...members.values()])
        .filter((member) => member.email_address.toLowerCase() === email.trim().toLowerCase()),
    handler: () => undefined,
    close: async () => undefined,
  };

  fake.handler = async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const text = await readBody(request);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const basic = /^Basic (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
    const key = basic ? Buffer.from(basic, "base64").toString("utf8").split(":").slice(1).join(":") || null : null;
    fake.requests.push({ method: request.method ?? "GET", path: url.pathname + url.search, key, body });

    const fault = faults.before(url.pathname);
    if (fault === "reset") return void request.socket.destroy();
    if (fault) return send(response, fault.status, fault.body, fault.headers, "application/problem+json");

    if (!key || !fake.keys.has(key)) {
      return send(
        response,
        401,
        problem(401, "API Key Invalid", "Your API key may be invalid, or you've attempted to access the wrong datacenter."),
        {},
        "application/problem+json",
      );
    }
    const method = request.method ?? "GET";
    if (method === "GET" && url.pathname === "/3.0/ping") return send(response, 200, { health_status: "Everything's Chimpy!" });
    if (method === "GET" && url.pathname === "/3.0/lists") {
      return send(response, 200, {
        lists: fake.lists.map((list) => ({ id: list.id, name: list.name })),
        total_items: fake.lists.length,
      });
    }

    const member = /^\/3\.0\/lists\/([^/]+)\/members\/([^/]+)(\/tags)?$/.exec(url.pathname);
    if (member) {
      const [, listId = "", hash = "", tags] = member;
      const list = fake.lists.find((candidate) => candidate.id === listId);
      if (!list)
        return send(
          response,
          404,
          problem(404, "Resource Not Found", "The requested resource could not be found."),
          {},
          "application/problem+json",
        );
      const members = fake.members.get(listId) ?? new Map<string, FakeMailchimpMember>();
      fake.members.set(listId, members);
      const existing = members.get(hash);

      if (method === "PUT" && !tags) {
        if (!isRecord(body))
          return send(
            response,
            400,
            problem(400, "Invalid Resource", "The resource submitted could not be validated."),
            {},
            "application/problem+json",
          );
        const email = typeof body.email_address === "string" ? body.email_address : "";
        if (!EMAIL.test(email)) {
          return send(
            response,
            400,
            problem(400, "Invalid Resource", `${email} looks fake or invalid, please enter a real email address.`),
            {},
            "application/problem+json",
          );
        }
        if (hashOf(email) !== hash) {
          return send(
            response,
            400,
            problem(400, "Invalid Resource", "The subscriber hash does not match the email address."),
            {},
            "application/problem+json",
          );
        }
        if (!existing && !isStatus(body.status_if_new)) {
          return send(
            response,
            400,
            problem(400, "Invalid Resource", "The resource submitted could not be validated.", [
              { field: "status_if_new", message: "Schema describes enum, but input is missing" },
            ]),
            {},
            "application/problem+json",
          );
        }
        if (body.status !== undefined && !isStatus(body.status)) {
          return send(
            response,
            400,
            problem(400, "Invalid Resource", "The resource submitted could not be validated.", [
              { field: "status", message: "Data did not match any of the schemas described in anyOf." },
            ]),
            {},
            "application/problem+json",
          );
        }
        if (fake.complianceEmails.has(email.toLowerCase())) {
          return send(
            response,
            400,
            problem(
              400,
              "Member In Compliance State",
              `${email} is already a list member in compliance state due to unsubscribe, bounce, or compliance review.`,
            ),
            {},
            "application/problem+json",
          );
        }
        await faults.hold(url.pathname, false, request);
        if (response.destroyed || request.socket.destroyed) return;
        const status =
          (existing ? (body.status as MemberStatus | undefined) : ((body.status ?? body.status_if_new) as MemberStatus)) ??
          existing!.status;
        const next: FakeMailchimpMember = {
          id: hash,
          email_address: email,
          unique_email_id: existing?.unique_email_id ?? randomUUID().slice(0, 10),
          status,
          timestamp_opt: typeof body.timestamp_opt === "string" ? body.timestamp_opt : (existing?.timestamp_opt ?? ""),
          ip_opt: typeof body.ip_opt === "string" ? body.ip_opt : (existing?.ip_opt ?? ""),
          tags: existing?.tags ?? [],
          list_id: listId,
          upserts: (existing?.upserts ?? 0) + 1,
        };
        members.set(hash, next);
        await faults.hold(url.pathname, true, request);
        return send(response, 200, { ...next, upserts: undefined, tags_count: next.tags.length });
      }

      if (!existing)
        return send(
          response,
          404,
          problem(404, "Resource Not Found", "The requested resource could not be found."),
          {},
          "application/problem+json",
        );

      if (method === "POST" && tags) {
        const list = isRecord(body) && Array.isArray(body.tags) ? body.tags : null;
        if (
          !list ||
          list.some(
            (tag: unknown) =>
              !isRecord(tag) ||
              typeof tag.name !== "string" ||
              !tag.name ||
              tag.name.length > 100 ||
              (tag.status !== "active" && tag.status !== "inactive"),
          )
        ) {
          return send(
            response,
            400,
            problem(400, "Invalid Resource", "The resource submitted could not be validated.", [
              { field: "tags", message: "Each tag needs a name (1-100 characters) and a status of active or inactive." },
            ]),
            {},
            "application/problem+json",
          );
        }
        for (const tag of list as { name: string; status: string }[]) {
          const has = existing.tags.some((current) => current.name === tag.name);
          if (tag.status === "active" && !has) existing.tags.push({ id: tagIds++, name: tag.name });
          if (tag.status === "inactive") existing.tags = existing.tags.filter((current) => current.name !== tag.name);
        }
        return send(response, 204, null);
      }

      if (method === "PATCH" && !tags) {
        if (!isRecord(body) || (body.status !== undefined && !isStatus(body.status))) {
          return send(
            response,
            400,
            problem(400, "Invalid Resource", "The resource submitted could not be validated."),
            {},
            "application/problem+json",
          );
        }
        await faults.hold(url.pathname, false, request);
        if (response.destroyed || request.socket.destroyed) return;
        if (isStatus(body.status)) existing.status = body.status;
        return send(response, 200, { ...existing, upserts: undefined });
      }
    }

    return send(
      response,
      404,
      problem(404, "Resource Not Found", "The requested resource could not be found."),
      {},
      "application/problem+json",
    );
  };
  return fake;
}

/** The fake listening on 127.0.0.1 (port 0: any free one). */
export async function startFakeMailchimpServer(
  options: Parameters<typeof createFakeMailchimp>[0] & { port?: number } = {},
): Promise<FakeMailchimp> {
  const fake = createFakeMailchimp(options);
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
  const fake = await startFakeMailchimpServer({ port: Number(process.env.FAKE_MAILCHIMP_PORT ?? 0) });
  console.log(`fake Mailchimp on ${fake.url}`);
}
