/** Bots fill every field; people never see this one. */
export const HONEYPOT_FIELD = "company_website";
