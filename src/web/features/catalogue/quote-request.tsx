import { FileText } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { buttonClass } from "#web/components/ui/button.ts";
import { Dialog } from "#web/components/ui/dialog.tsx";

// The form (react-hook-form and zod) loads when it is first wanted, not with the product page.
const loadForm = () => import("./quote-form.tsx");
const QuoteForm = lazy(() => loadForm().then((m) => ({ default: m.QuoteForm })));

type QuoteRequestProps = { productId: number; productName: string; userId: number | null };

/** 'Request a Quote' and its modal (spec §2, §4): Cancel, Escape and a successful submit close it. */
export function QuoteRequest({ productId, productName, userId }: QuoteRequestProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={buttonClass("outline")}
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        <FileText aria-hidden="true" className="size-4" />
        Request a Quote
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Request a Quote">
        <p className="mb-4 text-sm text-slate-700">
          For <strong className="font-semibold text-slate-900">{productName}</strong>. We reply with a quotation by e-mail.
        </p>
        <Suspense fallback={<p className="py-8 text-center text-slate-700">Loading the form…</p>}>
          <QuoteForm productId={productId} productName={productName} userId={userId} onDone={() => setOpen(false)} />
        </Suspense>
      </Dialog>
    </>
  );
}
