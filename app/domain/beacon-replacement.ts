/**
 * The replacement beacon round (decision 099, procedure 5). Its rules live in the verifier's own
 * file, app/verifier/replacement.ts (the verifiers import nothing of the app), and the server takes
 * them from there, so the draw and every verifier apply the same ones.
 */
export * from "../verifier/replacement";
