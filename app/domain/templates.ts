/** Email templates: "{{token}}" placeholders, filled with HTML-escaped values. */

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const TOKEN = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;

/**
 * Tokens renamed since templates were first seeded, by earlier name. Templates an admin saved with
 * an earlier name keep working: it is filled with the value of the current name.
 */
export const FORMER_TOKEN_NAMES: ReadonlyMap<string, string> = new Map([
  ["redemption_link", "claim_link"],
  ["redemption_deadline", "claim_deadline"],
]);

/** The name a token goes by now (itself, unless it is an earlier name). */
export function currentTokenName(token: string): string {
  return FORMER_TOKEN_NAMES.get(token) ?? token;
}

/** The earlier names that still fill `token`. */
export function formerNamesOf(token: string): string[] {
  return [...FORMER_TOKEN_NAMES].filter(([, current]) => current === token).map(([former]) => former);
}

/**
 * Unknown tokens become empty, so a template edit can never leak its placeholders to a recipient.
 * An earlier token name (FORMER_TOKEN_NAMES) is filled like its current name.
 */
export function fillTemplate(template: string, tokens: Record<string, string | number | null | undefined>, escape = true): string {
  return template.replace(TOKEN, (_match, name: string) => {
    const value = tokens[name] ?? tokens[currentTokenName(name)];
    if (value === null || value === undefined) return "";
    return escape ? escapeHtml(String(value)) : String(value);
  });
}

/** A plain-text alternative for mail clients that do not render HTML. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/h[1-6]|\/li|\/tr)\s*\/?>/gi, "\n")
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, "$2 ($1)")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
