/**
 * Throwaway inboxes (decision 038): the disposable-email-domains community list, as packaged by
 * disposable-email-domains-js. Server-only: the list is a few hundred kilobytes and no page needs it.
 */
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";
import { emailDomain } from "../../domain/email-address";

let blocklist: Set<string> | undefined;

/** Whether the address's domain, or a domain it is a subdomain of, is a known throwaway service. */
export function isDisposableEmail(email: string): boolean {
  blocklist ??= disposableEmailBlocklistSet();
  const labels = emailDomain(email).split(".");
  // "x.mailinator.com" is as throwaway as "mailinator.com"; a bare top-level domain is never listed.
  for (let start = 0; start < labels.length - 1; start += 1) {
    if (blocklist.has(labels.slice(start).join("."))) return true;
  }
  return false;
}
