import { redirect } from "react-router";

/** Spec §2: an unknown path redirects to the home page. */
export function loader() {
  return redirect("/");
}

export default function CatchAll() {
  return null;
}
