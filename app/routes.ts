import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * The route table of the original product (spec section 2). Its test and diagnostic pages and
 * the add-orders tool are deliberately absent: they live behind /admin (DESIGN.md).
 */
export default [
  index("routes/home.tsx"),
  route("products", "routes/products.tsx"),
  route("product/:productId", "routes/product.tsx"),
  route("confirmed", "routes/confirmed.tsx"),
  route("thankyou", "routes/thankyou.tsx"),
  route("hermit", "routes/content-page.tsx", { id: "page-hermit" }),
  route("care", "routes/content-page.tsx", { id: "page-care" }),
  route("shipping-info", "routes/content-page.tsx", { id: "page-shipping-info" }),
  route("privacy-policy", "routes/content-page.tsx", { id: "page-privacy-policy" }),
  route("terms-of-service", "routes/content-page.tsx", { id: "page-terms-of-service" }),
  route("coming-soon", "routes/coming-soon.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("checkout/challenge", "routes/checkout-challenge.tsx"),
  route("order-confirmation", "routes/order-confirmation.tsx"),
  route("contact", "routes/contact.tsx"),
  route("reef-wisdom", "routes/reef-wisdom.tsx"),
  route("reef-wisdom/lazy-reefer-guide/:slug", "routes/guide.tsx"),
  route("profile", "routes/profile.tsx"),
  route("sign-in", "routes/sign-in.tsx"),
  route("sign-in/social", "routes/social-sign-in.tsx"),
  route("sign-in/social/done", "routes/social-sign-in-done.tsx"),
  route("sign-up", "routes/sign-up.tsx"),
  route("sign-out", "routes/sign-out.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("admin", "routes/admin.tsx"),
  route("admin/dashboard", "routes/admin-dashboard.tsx"),
  route("plan", "routes/plan.tsx"),
  route("theplan", "routes/theplan.tsx"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
