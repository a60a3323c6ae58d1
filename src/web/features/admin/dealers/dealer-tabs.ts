/** The Dealers screen's tabs, each a route under /admin/dealers: the applications, and the dealer tiers. */
export const DEALER_TABS = [
  { id: "applications", label: "Applications", path: "/admin/dealers" },
  { id: "tiers", label: "Tiers", path: "/admin/dealers/tiers" },
] as const;
export type DealerTab = (typeof DEALER_TABS)[number];
