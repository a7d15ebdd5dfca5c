/**
 * ESLint refuses a hand-written internal URL where a link, a form's action or a redirect takes one
 * (eslint.config.js, INTERNAL_URLS; decision 073), and lets the checked ways through.
 */
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
});

/** The lines of `code` that the internal-URL rule refuses, linted as if it were `file`. */
async function refusedLines(code: string, file = "app/components/probe.tsx"): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-syntax" && message.message.includes("app/paths.ts"))
    .map((message) => message.line);
}

const HEADER = `import { Link, redirect } from "react-router";
import { href } from "~/paths";
declare const id: string;
declare const flag: boolean;
declare function redirectWithToast(to: string, toast: object): Promise<Response>;
`;
const HEADER_LINES = HEADER.split("\n").length - 1;

describe("hand-written internal URLs", () => {
  it("are refused as href/to/action attributes and properties and as a redirect's address", async () => {
    const refused = [
      `export const a = <Link to="/my-campaigns">x</Link>;`,
      `export const b = <a href={"/terms"}>x</a>;`,
      "export const c = <form action={`/campaign/${id}`} />;",
      `export const d = <Link to={flag ? "/my-campaigns" : href("/home")}>x</Link>;`,
      `export const e = { label: "Orders", to: "/admin/orders" };`,
      `export const f = { href: flag || "/pricing" };`,
      `export const g = redirect("/my-campaigns");`,
      "export const h = redirectWithToast(`/login?${id}`, {});",
    ];
    const lines = await refusedLines(HEADER + refused.join("\n"));
    expect(lines).toEqual(refused.map((_, index) => HEADER_LINES + index + 1));
  });

  it("are refused in components, server modules and domain modules alike", async () => {
    const code = `${HEADER}export const a = { to: "/pricing" };`;
    for (const file of ["app/components/x.tsx", "app/server/x/y.server.ts", "app/domain/x.ts", "app/root.tsx"]) {
      expect(await refusedLines(code, file), file).toEqual([HEADER_LINES + 1]);
    }
  });

  it("let href(), path functions, other sites, fragments and static files through", async () => {
    const allowed = [
      `export const a = <Link to={href("/pricing")}>x</Link>;`,
      `export const b = redirect(href("/login"));`,
      `export const c = <a href="https://example.com/">x</a>;`,
      "export const d = <a href={`#${id}`}>x</a>;",
      `export const e = <img src="/favicon.svg" alt="" />;`,
      `export const f = redirectWithToast(href("/"), { to: "x" });`,
    ];
    expect(await refusedLines(HEADER + allowed.join("\n"))).toEqual([]);
  });
});
