import { redirect } from "react-router";
import { can } from "#shared/can.ts";
import type { Route } from "./+types/logout";

/** Ends this session and clears its cookie; admins go back to /login, everyone else to / (spec §2). */
export async function action({ context }: Route.ActionArgs) {
  const wasAdmin = can.enterBackOffice(context.user);
  await context.services.accounts.logout(context.actor, { ip: context.ip, userAgent: context.userAgent });
  return redirect(wasAdmin ? "/login" : "/", { headers: { "Set-Cookie": context.clearSessionCookie() } });
}

/** Logging out needs a POST; a plain visit just goes home. */
export function loader() {
  return redirect("/");
}

export default function Logout() {
  return null;
}
