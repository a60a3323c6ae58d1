import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { CONTENT_TABS } from "./features/admin/content/content-tabs.ts";

const CONTENT_SECTIONS = CONTENT_TABS.map((t) => t.slug);

/** Every screen of spec §2. The dealer and admin areas have their own layouts; admin code loads only there. */
export default [
  route("logout", "routes/logout.tsx"),
  route("favicon.svg", "routes/favicon.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("contact", "routes/contact.tsx"),
    route("about", "routes/about.tsx"),
    route("blog/:blogId", "routes/blog.tsx"),
    route("blogs", "routes/blogs.tsx"),
    route("case-study/:caseStudyId", "routes/case-study.tsx"),
    route("case-studies", "routes/case-studies.tsx"),
    route("products", "routes/products.tsx"),
    route("category/:categoryId", "routes/category.tsx"),
    route("product/:productId", "routes/product.tsx"),
    route("insights", "routes/insights.tsx"),
    route("cart", "routes/cart.tsx"),
    route("faqs", "routes/faqs.tsx"),
    route("search", "routes/search.tsx"),
    route("solar-calculator", "routes/solar-calculator.tsx"),
    route("compare", "routes/compare.tsx"),
    route("installers", "routes/installers.tsx"),
    route("installers/:slug", "routes/installer.tsx"),
    route("login", "routes/login.tsx"),
    route("signup", "routes/signup.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("verification", "routes/verification.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("undo-email-change", "routes/undo-email-change.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("quotations/:id/accept", "routes/quotation-accept.tsx"),
    route("*", "routes/catch-all.tsx"),
  ]),
  ...prefix("dealer", [
    layout("routes/dealer/layout.tsx", [
      index("routes/dealer/landing.tsx"),
      route("profile", "routes/dealer/profile.tsx"),
      route("manual", "routes/dealer/manual.tsx"),
      route("manual/dealer-manual.pdf", "routes/dealer/manual-pdf.ts"),
      route("manual/dealer-manual.txt", "routes/dealer/manual-txt.ts"),
      route("quotations", "routes/dealer/quotations.tsx"),
      route("register", "routes/dealer/register.tsx"),
      route("orders", "routes/dealer/orders.tsx"),
      route("price-list", "routes/dealer/price-list.tsx"),
      route("team", "routes/dealer/team.tsx"),
      route("quick-order", "routes/dealer/quick-order.tsx"),
      route("kits", "routes/dealer/kits.tsx"),
    ]),
  ]),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      ...prefix("products", [
        layout("routes/admin/products.tsx", [
          index("routes/admin/products/index.tsx"),
          route("featured", "routes/admin/products/featured.tsx"),
          route("brands", "routes/admin/products/brands.tsx"),
        ]),
      ]),
      ...prefix("stock", [
        layout("routes/admin/stock.tsx", [
          index("routes/admin/stock/index.tsx"),
          route("shipments", "routes/admin/stock/shipments.tsx"),
          route("movements", "routes/admin/stock/movements.tsx"),
          route("low", "routes/admin/stock/low.tsx"),
          route("branches", "routes/admin/stock/branches.tsx"),
          route("delivery-fees", "routes/admin/stock/delivery-fees.tsx"),
          route("import", "routes/admin/stock/import.tsx"),
        ]),
      ]),
      route("dealers", "routes/admin/dealers.tsx"),
      route("dealers/tiers", "routes/admin/dealer-tiers.tsx"),
      route("dealers/:userId", "routes/admin/dealer.tsx"),
      route("quotations", "routes/admin/quotations.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/serials", "routes/admin/order-serials.tsx"),
      route("orders/:orderId", "routes/admin/order.tsx"),
      route("invoices", "routes/admin/invoices.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("blogs", "routes/admin/blogs.tsx"),
      route("team", "routes/admin/team.tsx"),
      route("case-studies", "routes/admin/case-studies.tsx"),
      ...prefix("content", [
        layout("routes/admin/content.tsx", [
          // /admin/content opens the first section.
          index("routes/admin/content/testimonials.tsx", { id: "routes/admin/content/index" }),
          ...CONTENT_SECTIONS.map((section) => route(section, `routes/admin/content/${section}.tsx`)),
          route(":tab", "routes/admin/content/unknown.tsx"),
        ]),
      ]),
      route("messages", "routes/admin/messages.tsx"),
      route("messages/:messageId", "routes/admin/message.tsx"),
      ...prefix("rates", [
        layout("routes/admin/rates.tsx", [index("routes/admin/rates/index.tsx"), route("vat", "routes/admin/rates/vat.tsx")]),
      ]),
      route("settings", "routes/admin/settings.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("fiscal", "routes/admin/fiscal.tsx"),
      route("*", "routes/admin/catch-all.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
