import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** Every screen of spec §2. The dealer and admin areas have their own layouts; admin code loads only there. */
export default [
  route("logout", "routes/logout.tsx"),
  route("favicon.svg", "routes/favicon.ts"),
  route("robots.txt", "routes/robots.ts"),
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
    route("login", "routes/login.tsx"),
    route("signup", "routes/signup.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("verification", "routes/verification.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("*", "routes/catch-all.tsx"),
  ]),
  ...prefix("dealer", [
    layout("routes/dealer/layout.tsx", [
      index("routes/dealer/landing.tsx"),
      route("profile", "routes/dealer/profile.tsx"),
      route("manual", "routes/dealer/manual.tsx"),
      route("quotations", "routes/dealer/quotations.tsx"),
      route("register", "routes/dealer/register.tsx"),
      route("orders", "routes/dealer/orders.tsx"),
    ]),
  ]),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("products", "routes/admin/products.tsx"),
      route("dealers", "routes/admin/dealers.tsx"),
      route("quotations", "routes/admin/quotations.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("blogs", "routes/admin/blogs.tsx"),
      route("team", "routes/admin/team.tsx"),
      route("case-studies", "routes/admin/case-studies.tsx"),
      route("content", "routes/admin/content.tsx"),
      route("*", "routes/admin/catch-all.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
