import { describe, expect, it } from "vitest";
import { escapeXml, fitText, textWidthEm, wrapText } from "~/server/share/svg-text.server";
import { embedBackground, embedSnippet } from "~/domain/share";

describe("share-card text", () => {
  it("wraps at word boundaries within the width", () => {
    const lines = wrapText("Win the Limited Edition Sunset Tee", 10, 3);
    expect(lines.join(" ")).toBe("Win the Limited Edition Sunset Tee");
    for (const line of lines) expect(textWidthEm(line)).toBeLessThanOrEqual(10);
  });

  it("ends a title that does not fit with an ellipsis after a whole word", () => {
    const lines = wrapText("one two three four five six seven eight nine ten eleven twelve", 6, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^[a-z ]+[a-z]…$/);
    expect(textWidthEm(lines[1] ?? "")).toBeLessThanOrEqual(6);
    expect("one two three four five six seven eight nine ten eleven twelve").toContain((lines[1] ?? "").slice(0, -1));
  });

  it("cuts a single word longer than a line", () => {
    const lines = wrapText("Supercalifragilisticexpialidocious", 5, 3);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidthEm(line)).toBeLessThanOrEqual(5);
  });

  it("picks the largest size at which the text fits uncut", () => {
    expect(fitText("Short", 500, 3, [64, 48]).size).toBe(64);
    const long = fitText("A rather long giveaway title that needs a smaller size to fit in three lines", 540, 3, [64, 56, 48, 42]);
    expect(long.size).toBeLessThan(64);
    expect(long.lines.at(-1)?.endsWith("…")).toBe(false);
  });

  it("escapes what SVG would read as markup", () => {
    expect(escapeXml(`Tom & Jerry's <b>"tee"</b>\u0007`)).toBe("Tom &amp; Jerry&apos;s &lt;b&gt;&quot;tee&quot;&lt;/b&gt;");
  });
});

describe("embed snippet", () => {
  it("is the iframe the brief gives, with the title escaped", () => {
    expect(embedSnippet("https://giveawear.example/campaign/abc/embed", `Tom & "Jerry" Tee`)).toBe(
      `<iframe src="https://giveawear.example/campaign/abc/embed" title="Tom &amp; &quot;Jerry&quot; Tee giveaway" width="100%" height="520" style="border:0;max-width:420px" loading="lazy"></iframe>`,
    );
  });

  it("gives a title longer than three lines of the card a taller frame, a line at a time", () => {
    const heightOf = (title: string) => Number(/height="(\d+)"/.exec(embedSnippet("https://x.example/e", title))?.[1]);
    expect(heightOf("x".repeat(78))).toBe(520);
    expect(heightOf("x".repeat(79))).toBe(546);
    expect(heightOf("x".repeat(130))).toBe(572);
  });
});

describe("embed background", () => {
  it("takes transparent or six hex digits, with or without #, and nothing else", () => {
    expect(embedBackground("transparent")).toBe("transparent");
    expect(embedBackground("F5F0E8")).toBe("#f5f0e8");
    expect(embedBackground("#0a0b0c")).toBe("#0a0b0c");
    for (const bad of [null, "", "red", "fff", "#12345g", "f5f0e8;color:red", "url(x)"]) expect(embedBackground(bad)).toBeNull();
  });
});
