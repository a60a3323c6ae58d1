import { Link } from "react-router";
import type { StaffRefusal } from "#web/lib/staff-refusal.ts";
import { AdminPage } from "./kit/admin-page.tsx";

/**
 * The back office's 403 (decision 035): said plainly, inside the back office's chrome, with the one thing to do
 * about it — ask the owner — and the way back to the dashboard.
 */
export function StaffForbidden({ refusal }: { refusal: StaffRefusal }) {
  return (
    <AdminPage title="Not allowed for your role">
      <title>Not allowed for your role – Admin</title>
      <div className="max-w-prose space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid="staff-forbidden">
        <p className="text-slate-900">{refusal.message}</p>
        <p className="text-slate-700">
          Who to ask: <strong className="font-semibold text-slate-900">{refusal.askWhom}</strong>.
        </p>
        <p>
          <Link to="/admin" className="inline-flex min-h-11 items-center font-semibold text-accent-800 hover:underline">
            Back to the dashboard
          </Link>
        </p>
      </div>
    </AdminPage>
  );
}
