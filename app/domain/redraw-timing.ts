/**
 * Accountable redraws (decision 102). The rules live in the verifier's own file,
 * app/verifier/redraws.ts (the verifiers import nothing of the app), and the server takes them
 * from there, so the redraw, the draw record and every verifier apply the same ones.
 */
export * from "../verifier/redraws";
