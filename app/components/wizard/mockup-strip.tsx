import { PRODUCT_TYPES, productColors, type ProductType, type ProductColorKey } from "~/domain/campaign-schemas";
import { mockupUrl } from "~/domain/mockups";

/** The design on the chosen product, once per chosen colour it is made in (rendered once on the server, then cached). */
export function MockupStrip({ designUrl, productType, colors }: { designUrl: string; productType: string; colors: string[] }) {
  const product = (PRODUCT_TYPES.find((p) => p.key === productType)?.key ?? "t-shirt") as ProductType;
  const shots = productColors(product)
    .filter((c) => colors.includes(c.key))
    .flatMap((color) => {
      const url = mockupUrl(designUrl, product, color.key as ProductColorKey, 400);
      return url ? [{ color, url }] : [];
    });
  if (!shots.length) return null;
  return (
    <ul className="flex flex-wrap gap-3" data-testid="mockup-strip">
      {shots.map(({ color, url }) => (
        <li key={color.key} className="text-center text-xs">
          <img
            src={url}
            alt={`Mockup on ${color.name}`}
            width={140}
            height={140}
            loading="lazy"
            className="h-36 w-36 rounded-lg border border-slate-200 object-cover dark:border-slate-700"
          />
          <span className="mt-1 block">{color.name}</span>
        </li>
      ))}
    </ul>
  );
}
