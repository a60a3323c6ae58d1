import type { ComponentType, ReactNode, SVGProps } from "react";

export const contactLinkClass = "font-medium text-slate-900 underline-offset-2 hover:text-accent-800 hover:underline break-all";

type ContactRowProps = {
  icon: ComponentType<SVGProps<SVGSVGElement> & { className?: string }>;
  label: string;
  /** A link (see contactLinkClass) or plain text. */
  children: ReactNode;
};

/** One line of an `<address>` list: an icon, a small label and the value. */
export function ContactRow({ icon: Icon, label, children }: ContactRowProps) {
  return (
    <li className="flex items-start gap-3">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
      <span>
        <span className="block text-sm text-slate-600">{label}</span>
        {typeof children === "string" ? <span className="text-slate-900">{children}</span> : children}
      </span>
    </li>
  );
}
