/**
 * Invoker commands (HTML: `<button commandfor="quote-dialog" command="show-modal">`): a button opens or closes a
 * dialog or a popover without any script. React renders these lower-case attributes as they are written; its types
 * do not know them yet.
 */
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    commandfor?: string | undefined;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover" | `--${string}` | undefined;
  }
}
