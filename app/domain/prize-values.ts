/**
 * Approximate retail value (ARV) of each grand-prize product, in integer cents (USD), for the
 * official rules (decision 015: "prize and approximate value"). These are typical shop prices of a
 * printed blank of that kind, not what the print partner charges; one figure per product type,
 * whatever colour or size the winner chooses.
 */
import { type ProductType, PRODUCT_TYPES } from "./campaign-schemas";
import { formatPrice } from "./plans";

export const APPROXIMATE_RETAIL_VALUE_CENTS: Record<ProductType, number> = {
  "t-shirt": 2500,
  hoodie: 4500,
  mug: 1500,
};

/** The typical value in cents; an unknown product type reads as a t-shirt, as its label does. */
export function approximateRetailValueCents(productType: string | null | undefined): number {
  const known = PRODUCT_TYPES.find((product) => product.key === productType)?.key ?? "t-shirt";
  return APPROXIMATE_RETAIL_VALUE_CENTS[known];
}

/** "$25.00" for a t-shirt. */
export function approximateRetailValue(productType: string): string {
  return formatPrice(approximateRetailValueCents(productType));
}
