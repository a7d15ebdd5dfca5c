// Placeholder until issue 14's sharing work lands: answers 404.
export function loader() {
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
