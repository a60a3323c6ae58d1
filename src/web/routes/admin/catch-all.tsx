import { redirect } from "react-router";

/** An unknown back-office path goes to the dashboard (the layout has already checked the role). */
export function loader() {
  return redirect("/admin");
}

export default function AdminCatchAll() {
  return null;
}
