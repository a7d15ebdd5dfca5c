import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { loadContext } from "~/server/core/load-context.server";
/**
 * Calls route loaders and actions with real Requests, keeping cookies between calls like a
 * browser would (the signed session, toast and TOTP cookies all travel in Set-Cookie).
 */
export class CookieJar {
  private cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  absorb(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

export const ORIGIN = "http://localhost:3000";

export function get(jar: CookieJar, path: string, headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, ORIGIN), { headers: { Cookie: jar.header(), ...headers } });
}

export function post(jar: CookieJar, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    headers: { Cookie: jar.header(), "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

interface RouteArgs {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string>;
  context: RouterContextProvider;
}
// Route args are typed per route (params by name); tests pass whatever the route's URL gives.
type RouteFn<R> = (args: never) => Promise<R> | R;

/** Runs a loader or action and returns what it answered, thrown or returned. */
export function run<R>(fn: RouteFn<R>, request: Request, params: Record<string, string> = {}): Promise<unknown> {
  return runBehind([], fn, request, params);
}

/**
 * Runs a loader or action beneath route middleware (decision 072), as React Router does: each
 * middleware in turn on one context, then the handler; returns what answered first, thrown or returned.
 */
export async function runBehind<R>(
  middleware: MiddlewareFunction<Response>[],
  fn: RouteFn<R>,
  request: Request,
  params: Record<string, string> = {},
): Promise<unknown> {
  const args: RouteArgs = {
    request,
    url: new URL(request.url),
    pattern: new URL(request.url).pathname,
    params,
    context: loadContext(""),
  };
  try {
    for (const step of middleware) await step(args as never, () => Promise.resolve(undefined as never));
    return await fn(args as never);
  } catch (thrown) {
    return thrown;
  }
}

/** React Router's `data()` result or a Response, reduced to status and body for assertions. */
export function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  if (isDataWithResponseInit(result)) return result.init?.status ?? 200;
  return 200;
}

export function bodyOf<T = Record<string, unknown>>(result: unknown): T {
  if (isDataWithResponseInit(result)) return result.data as T;
  return result as T;
}

function isDataWithResponseInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}

export function location(result: unknown): string | null {
  return result instanceof Response ? result.headers.get("Location") : null;
}

/**
 * POSTs form fields to a running server over real HTTP, as a browser without JavaScript would
 * (urlencoded, redirects not followed, so a test sees the 303 and its Location).
 */
export function postForm(
  origin: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

/**
 * A browser against a running server over real HTTP: its cookies kept between requests (CookieJar),
 * redirects not followed, and its own User-Agent.
 */
export class HttpBrowser {
  readonly jar = new CookieJar();

  constructor(
    private readonly origin: string,
    private readonly userAgent: string,
  ) {}

  cookie(): string {
    return this.jar.header();
  }

  absorb(response: Response): Response {
    return this.jar.absorb(response);
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.absorb(
      await fetch(`${this.origin}${path}`, {
        redirect: "manual",
        headers: { Cookie: this.cookie(), "User-Agent": this.userAgent, ...headers },
      }),
    );
  }

  async post(path: string, fields: Record<string, string>): Promise<Response> {
    return this.absorb(await postForm(this.origin, path, fields, { Cookie: this.cookie(), "User-Agent": this.userAgent }));
  }
}

/** HTML's escapes of apostrophes, quotes and ampersands undone, as a browser shows the text. */
export function decodeHtml(html: string): string {
  return html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/** What a page says, tags removed, as a reader (or a screen reader) reads it. */
export function pageText(html: string): string {
  return decodeHtml(html)
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ");
}
