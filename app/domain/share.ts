/** What a creator copies to put a campaign on their own site (decision 045). Pure. */

function attribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The iframe snippet for the embeddable entry card at `embedUrl` (absolute). */
export function embedSnippet(embedUrl: string, title: string): string {
  return `<iframe src="${attribute(embedUrl)}" title="${attribute(`${title} giveaway`)}" width="100%" height="520" style="border:0;max-width:420px" loading="lazy"></iframe>`;
}
