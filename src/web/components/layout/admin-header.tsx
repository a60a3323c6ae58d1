import type { PublicUser } from "#shared/schemas/auth.ts";
import { Avatar } from "../ui/avatar.tsx";
import { Logo } from "./logo.tsx";
import { LogoutButton } from "./logout-button.tsx";

/** The reduced header admins see everywhere (spec §2): logo, their name and avatar, Logout (back to /login). */
export function AdminHeader({ companyName, user }: { companyName: string; user: PublicUser }) {
  return (
    <header data-site-header="" className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="flex h-16 items-center justify-between gap-4 px-4">
        <Logo name={companyName} to="/admin" nameClassName="max-sm:sr-only" />
        <div className="flex items-center gap-3">
          <div className="flex items-center gap-2">
            <Avatar name={user.fullName} profile={user.profile} />
            <div className="leading-tight">
              <p className="text-sm font-semibold text-slate-900">{user.fullName}</p>
              {/* The back-office role's name when the account has one (decision 035), as the sidebar says it. */}
              <p className="text-xs text-slate-600 capitalize max-sm:sr-only">
                {user.staffRole?.name ?? (user.role === "super" ? "Super admin" : "Admin")}
              </p>
            </div>
          </div>
          <LogoutButton className="inline-flex min-h-11 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50" />
        </div>
      </div>
    </header>
  );
}
