import { useNavigation } from "react-router";

/** True while this page's form is being sent or its redirect is loading. */
export function usePostPending(pathname: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST") return false;
  const action = navigation.formAction ?? "";
  return action === pathname || action.startsWith(`${pathname}?`);
}
