import { Form } from "react-router";
import { LogOut } from "#web/components/ui/icons.tsx";

/** Ends the session on the server (the logout route), which then redirects. Works without JavaScript. */
export function LogoutButton({
  className,
  labelClassName = "",
  onSubmit,
}: {
  className: string;
  labelClassName?: string;
  onSubmit?: () => void;
}) {
  return (
    <Form method="post" action="/logout" onSubmit={onSubmit}>
      <button type="submit" className={className}>
        <LogOut aria-hidden="true" className="size-4" />
        <span className={labelClassName}>Logout</span>
      </button>
    </Form>
  );
}
