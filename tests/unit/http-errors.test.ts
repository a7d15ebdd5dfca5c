import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { describeError, SERVER_FAULT } from "~/domain/http-errors";

/** What a thrown `data(...)` becomes by the time an error boundary sees it. */
function routeError(status: number, body: unknown) {
  return { status, statusText: "", internal: false, data: body };
}

const describe_ = (error: unknown) => describeError(error, isRouteErrorResponse);

describe("error page wording", () => {
  it.each([
    [400, "Bad Request"],
    [403, "Forbidden"],
    [405, "Method Not Allowed"],
    [413, "Content Too Large"],
    [415, "Unsupported Media Type"],
  ])("names a %i for what it is, without blaming the server", (status, title) => {
    const page = describe_(routeError(status, null));
    expect(page).toMatchObject({ status, title, serverFault: false });
    expect(page.message).not.toContain("on our side");
  });

  it("shows a short message the response carries", () => {
    expect(describe_(routeError(400, "Choose light or dark.")).message).toBe("Choose light or dark.");
    expect(describe_(routeError(404, "Campaign Not Found"))).toMatchObject({ title: "Page Not Found", message: "Campaign Not Found" });
    expect(describe_(routeError(400, { message: "The form could not be read." })).message).toBe("The form could not be read.");
  });

  it("keeps its own words for bare reason phrases, long text and internal errors", () => {
    expect(describe_(routeError(400, "Bad Request")).message).not.toBe("Bad Request");
    expect(describe_(routeError(404, null))).toMatchObject({ title: "Page Not Found", message: "We couldn't find that page." });
    expect(describe_(routeError(400, "x".repeat(500))).message).not.toContain("xxx");
    // React Router's own 405 carries an Error naming the route; that is not for visitors.
    const internal = describe_(routeError(405, new Error('You made a POST request to "/start" but did not provide an `action`')));
    expect(internal.message).not.toContain("action");
    // After server rendering it arrives as text, "Error: ..." (what a browser without JavaScript is sent).
    const asText = describe_(
      routeError(405, 'Error: You made a POST request to "/start" but did not provide an `action` for route "start"'),
    );
    expect(asText).toMatchObject({ title: "Method Not Allowed", message: "This page doesn't accept that kind of request." });
  });

  it("keeps the server-fault wording for 5xx and unexpected exceptions", () => {
    expect(describe_(routeError(503, "down"))).toMatchObject({ ...SERVER_FAULT, status: 503, serverFault: true });
    expect(describe_(new Error("boom"))).toMatchObject({ ...SERVER_FAULT, status: 500, serverFault: true });
  });
});
