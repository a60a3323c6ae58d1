import type { SellerDifference } from "#shared/fdms-seller.ts";

/**
 * The back office's warning when the settings' company name, TIN or VAT number differ from the taxpayer FDMS has for
 * the fiscal device (decision 016, "The seller"): with FDMS on, tax invoices name FDMS's, so the site and its other
 * documents should say the same.
 */
export function SellerMismatch({ differences, where }: { differences: SellerDifference[]; where: "fiscal" | "settings" }) {
  if (differences.length === 0) return null;
  return (
    <section aria-labelledby="seller-mismatch" className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950">
      <h2 id="seller-mismatch" className="text-lg font-semibold">
        The settings disagree with FDMS's taxpayer
      </h2>
      <p className="mt-1 max-w-prose">
        Tax invoices name the seller as ZIMRA's FDMS knows it.{" "}
        {where === "settings"
          ? "Correct these settings to match, or ask ZIMRA to correct its record if the settings are right."
          : "Correct the settings (Admin → Settings) to match, or ask ZIMRA to correct its record if the settings are right."}
      </p>
      <table className="mt-3 w-full max-w-2xl text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-4 font-semibold">
              Field
            </th>
            <th scope="col" className="py-1 pr-4 font-semibold">
              FDMS says
            </th>
            <th scope="col" className="py-1 font-semibold">
              The settings say
            </th>
          </tr>
        </thead>
        <tbody>
          {differences.map((d) => (
            <tr key={d.field} className="border-t border-amber-200">
              <th scope="row" className="py-1 pr-4 font-medium">
                {d.field}
              </th>
              <td className="py-1 pr-4">{d.fdms || "(none)"}</td>
              <td className="py-1">{d.settings || "(empty)"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
