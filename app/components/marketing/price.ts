import { formatPrice } from "~/domain/plans";

/** Marketing copy quotes whole-dollar prices without cents ("$29"), any other as the catalogue shows it ("$29.50"). */
export function marketingPrice(cents: number): string {
  return formatPrice(cents).replace(/\.00$/, "");
}
