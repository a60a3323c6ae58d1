import { Link } from "react-router";
import type { DealerApplication } from "#shared/schemas/dealers.ts";
import { DetailItem, ProfileSection } from "./profile-section.tsx";

type Company = Pick<
  DealerApplication,
  "registered_company" | "trading_name" | "company_reg_number" | "VAT_number" | "TIN" | "company_address" | "reg_status"
>;

/**
 * Spec §2 /dealer/profile: Company Details, read-only; each empty field reads 'Not provided'. `address` takes the
 * registered address's place when the reader may keep it (RegisteredAddressPanel, decision 016).
 */
export function CompanyDetails({
  application,
  editLink = true,
  address,
}: {
  application: Company;
  editLink?: boolean;
  address?: React.ReactNode;
}) {
  // Approved and Suspended applications cannot be changed (the service refuses); the others are edited in the portal.
  const editable = editLink && application.reg_status !== "Approved" && application.reg_status !== "Suspended";
  return (
    <ProfileSection
      id="company-heading"
      title="Company Details"
      action={
        editable ? (
          <Link to="/dealer/register" className="text-sm font-semibold text-accent-700 underline-offset-2 hover:underline">
            Update in the registration portal
          </Link>
        ) : null
      }
    >
      <dl className="grid gap-4 sm:grid-cols-2">
        <DetailItem label="Registered Company Name" value={application.registered_company} />
        <DetailItem label="Trading Name" value={application.trading_name} />
        <DetailItem label="Company Registration Number" value={application.company_reg_number} />
        <DetailItem label="VAT Number" value={application.VAT_number} />
        <DetailItem label="TIN" value={application.TIN} />
        {address ? null : <DetailItem label="Registered address" value={application.company_address} />}
        <DetailItem label="Registration Status" value={application.reg_status ?? "Not Started"} />
      </dl>
      {address ? <div className="mt-4">{address}</div> : null}
    </ProfileSection>
  );
}
