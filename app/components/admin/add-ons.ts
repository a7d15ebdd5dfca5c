/** SPEC section 9: conceptual add-ons, shown disabled ("coming soon"). */
export const ADD_ONS = [
  { name: "Featured Listing Boost", price: "$29", description: "Your giveaway featured on the homepage for 7 days." },
  { name: "Social Media Shoutout Pack", price: "$49", description: "We promote your giveaway across our social channels." },
  { name: "Advanced Analytics Report", price: "$19", description: "A detailed report on entries, referrals and audience." },
] as const;
