/**
 * Faults the email-tool fakes (klaviyo-server.ts, mailchimp-server.ts) play on demand, the way a real
 * service misbehaves: down (503, or the connection dropped), a burst of 5xx, a rate limit (429 with
 * Retry-After) after a number of requests, and a request held open (before or after it takes effect)
 * until the test lets it go or the client goes away.
 */
import type http from "node:http";

export interface HeldRequest {
  /** Resolves when the held request has arrived. */
  arrived: Promise<void>;
  /** Lets it answer. */
  release(): void;
}

interface Hold {
  afterApply: boolean;
  match: (path: string) => boolean;
  arrived: () => void;
  released: Promise<void>;
}

export type FaultAnswer = { status: number; headers?: Record<string, string>; body: unknown } | "reset";

export class ServiceFaults {
  private down: false | "503" | "reset" = false;
  private failures: { count: number; status: number }[] = [];
  private throttle: { after: number; count: number; retryAfterSeconds: number; seen: number } | null = null;
  private holds: Hold[] = [];

  constructor(private readonly errorBody: (status: number, title: string, detail: string) => unknown) {}

  /** Every request fails: 503, or "reset" (the connection is dropped without an answer). false: back up. */
  setDown(mode: false | "503" | "reset"): void {
    this.down = mode;
  }

  /** The next `count` requests answer `status` (a 5xx by default). */
  failNext(count: number, status = 500): void {
    this.failures.push({ count, status });
  }

  /** After `after` more requests, the next `count` answer 429 with Retry-After: `retryAfterSeconds`. */
  rateLimit({ after = 0, count = 1, retryAfterSeconds = 30 }: { after?: number; count?: number; retryAfterSeconds?: number }): void {
    this.throttle = { after, count, retryAfterSeconds, seen: 0 };
  }

  /**
   * Holds the next request whose path matches: before it takes effect, or (afterApply) after it has
   * and before its answer is written. A client that goes away meanwhile gets nothing.
   */
  holdNext({ afterApply = false, match = () => true }: { afterApply?: boolean; match?: (path: string) => boolean } = {}): HeldRequest {
    let arrived!: () => void;
    let release!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holds.push({ afterApply, match, arrived, released });
    return { arrived: arrival, release };
  }

  reset(): void {
    this.down = false;
    this.failures = [];
    this.throttle = null;
    for (const hold of this.holds) hold.arrived();
    this.holds = [];
  }

  /** The fault this request meets before it is handled, if any. */
  before(path: string): FaultAnswer | null {
    if (this.down === "reset") return "reset";
    if (this.down === "503")
      return { status: 503, body: this.errorBody(503, "Service Unavailable", "The service is temporarily unavailable.") };
    const failure = this.failures[0];
    if (failure) {
      failure.count -= 1;
      if (failure.count <= 0) this.failures.shift();
      return { status: failure.status, body: this.errorBody(failure.status, "Internal Server Error", "Something went wrong on our side.") };
    }
    if (this.throttle) {
      const throttle = this.throttle;
      if (throttle.seen < throttle.after) {
        throttle.seen += 1;
      } else if (throttle.count > 0) {
        throttle.count -= 1;
        if (throttle.count === 0) this.throttle = null;
        return {
          status: 429,
          headers: { "Retry-After": String(throttle.retryAfterSeconds) },
          body: this.errorBody(
            429,
            "Too Many Requests",
            `Request was throttled. Expected available in ${throttle.retryAfterSeconds} seconds.`,
          ),
        };
      }
    }
    void path;
    return null;
  }

  /** Waits while a hold of this phase applies to the request (or until the client goes away). */
  async hold(path: string, afterApply: boolean, request: http.IncomingMessage): Promise<void> {
    const index = this.holds.findIndex((hold) => hold.afterApply === afterApply && hold.match(path));
    if (index < 0) return;
    const [hold] = this.holds.splice(index, 1);
    hold!.arrived();
    const gone = new Promise<void>((resolve) => request.socket.once("close", () => resolve()));
    await Promise.race([hold!.released, gone]);
  }
}

export async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function send(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = "application/json",
): void {
  if (response.destroyed) return;
  const text = body === undefined || body === null ? "" : JSON.stringify(body);
  response.writeHead(status, { ...(text ? { "Content-Type": contentType } : {}), ...headers });
  response.end(text);
}
