import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [layout("routes/public-layout.tsx", [index("routes/home.tsx"), route("*", "routes/catch-all.tsx")])] satisfies RouteConfig;
