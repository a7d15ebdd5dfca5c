/** A copy of a (possibly immutable) redirect with extra Set-Cookie headers. */
export function withCookies(response: Response, cookies: string[], location?: string): Response {
  const headers = new Headers(response.headers);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  if (location) headers.set("Location", location);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function isRedirectTo(value: unknown, location: string): value is Response {
  return value instanceof Response && value.status >= 300 && value.status < 400 && value.headers.get("Location") === location;
}
