import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { NonceProvider } from "./components/nonce";
import { cspNonceContext } from "./server/core/load-context.server";
import { log } from "./server/core/log.server";

export const streamTimeout = 5_000;

/**
 * Only server faults are logged, with their stack. A request refused for the client's own reasons
 * is not one: a 4xx such as a method a page does not take (405), or a form posted from another
 * website, which React Router refuses before any action runs: a page's post with "... Aborting the
 * action.", a `.data` post (a page's form sent by JavaScript) with a plain "Bad Request" and 400.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (error instanceof Error && error.message.endsWith("Aborting the action.")) return;
  if (error instanceof Error && error.message === "Bad Request" && crossOriginPost(request)) return;
  const fault = isRouteErrorResponse(error) && "error" in error && error.error instanceof Error ? error.error : error;
  log.error({ err: fault }, `${request.method} ${new URL(request.url).pathname} failed`);
};

/**
 * Whether React Router refuses `request` as a form posted from another website: a POST whose Origin
 * header is there but is not the request's own origin ("null" included).
 */
function crossOriginPost(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (request.method !== "POST" || origin === null) return false;
  try {
    return origin === "null" || new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "rendering a page failed");
        },
      },
    );
  });
}
