/** Email templates: "{{token}}" placeholders, filled with HTML-escaped values. */

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const TOKEN = /\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/gi;

/** Unknown tokens become empty, so a template edit can never leak its placeholders to a recipient. */
export function fillTemplate(template: string, tokens: Record<string, string | number | null | undefined>, escape = true): string {
  return template.replace(TOKEN, (_match, name: string) => {
    const value = tokens[name];
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
