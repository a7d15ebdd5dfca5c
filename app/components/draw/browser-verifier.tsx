/**
 * Placeholder for "Verify in your browser" (h-verify replaces this file with the lazily loaded
 * verifier). It renders nothing, so the draw page claims nothing about it until it exists.
 */
export function BrowserVerifier(_props: { campaignId: string }) {
  return null;
}
