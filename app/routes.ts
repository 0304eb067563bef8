import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("servicos", "routes/servicos.tsx"),
    route("obras", "routes/obras.tsx"),
    route("contato", "routes/contato.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
