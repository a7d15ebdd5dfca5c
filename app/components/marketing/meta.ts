/** Title, description and their Open Graph twins for a marketing page. */
export function pageMeta(title: string, description: string, { website = false }: { website?: boolean } = {}) {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(website ? [{ property: "og:type", content: "website" }] : []),
  ];
}
