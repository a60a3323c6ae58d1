import { AdminScreen } from "#web/features/admin/admin-placeholder.tsx";
import { pageMeta } from "#web/lib/meta.ts";
import type { Route } from "./+types/products";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Manage Products – Admin", { description: "Manage Products in the back office.", noIndex: true });
}

export default function AdminProducts() {
  return (
    <AdminScreen title="Manage Products">
      <p>
        Add, edit and remove products: name, description, category, USD price (and the optional secondary-currency price), images and the
        datasheet PDF, plus featured products.
      </p>
    </AdminScreen>
  );
}
