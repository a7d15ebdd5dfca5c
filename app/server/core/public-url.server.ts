import { getConfig } from "./config.server";
import { href } from "../../paths";

/** Links in emails and OAuth callbacks point at APP_URL when set (behind a proxy the request URL can be internal). */
export function publicUrl(pathOrUrl: string): string {
  const config = getConfig();
  const base = config.APP_URL ?? `http://localhost:${config.PORT}`;
  const url = new URL(pathOrUrl, base);
  const target = new URL(base);
  url.protocol = target.protocol;
  url.host = target.host;
  return url.toString();
}

/** The site's public origin ("https://giveawear.example"), which the links in emails start with. */
export function publicOrigin(): string {
  return new URL(publicUrl(href("/"))).origin;
}
