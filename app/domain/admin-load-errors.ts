/** SPEC error catalogue, admin rows (verbatim). */
export const ADMIN_LOAD_ERRORS = {
  users: "Could not load users.",
  orders: "Could not load orders.",
  templates: "Could not load email templates.",
  slider: "Could not load homepage slider images.",
  designs: "Could not load AI designs for selection.",
} as const;
