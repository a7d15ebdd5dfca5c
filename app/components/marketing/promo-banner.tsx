/** The admin's promo banner (Settings → Platform) above a landing page's hero; nothing when empty. */
export function PromoBanner({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p className="bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white" data-testid="promo-banner">
      {text}
    </p>
  );
}
