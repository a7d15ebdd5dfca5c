import { ADD_ON_OFFERS, COMING_SOON_ADD_ONS } from "~/domain/add-ons";
import { formatPrice } from "~/domain/plans";

/**
 * The add-ons as the older admin dashboard lists them (decision 068): the two on sale with their
 * price, the Social Media Shoutout Pack as coming soon, without one.
 */
export const ADD_ONS: readonly { name: string; price: string | null; description: string }[] = [
  ...Object.values(ADD_ON_OFFERS).map((offer) => ({ name: offer.name, price: formatPrice(offer.priceCents), description: offer.summary })),
  ...COMING_SOON_ADD_ONS.map((addOn) => ({ name: addOn.name, price: null, description: addOn.summary })),
];
