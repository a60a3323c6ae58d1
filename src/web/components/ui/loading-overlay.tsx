import { LoaderCircle } from "lucide-react";

/** The spec's loading screen while a form is being sent (§4: login). */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div role="status" className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-white/80 backdrop-blur-sm">
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-accent-700 motion-reduce:animate-none" />
      <span className="text-base font-medium text-slate-900">{label}</span>
    </div>
  );
}
