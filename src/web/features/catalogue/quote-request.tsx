import type { LeadSource } from "#shared/installer-network.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { FileText, X } from "#web/components/ui/icons.tsx";
import type { QuoteContact, QuoteResult } from "./quote-fields.ts";
import { QuoteForm, type QuoteKit } from "./quote-form.tsx";

const DIALOG_ID = "quote-dialog";

type QuoteRequestProps = {
  /** What the request is for, as the dialog names it: the product's name, or the kit's lines. */
  productName: string;
  result: QuoteResult | undefined;
  /** Drawn open, as a refused post's is: the page was asked for with its quote form open (a card's Request a Quote). */
  open?: boolean;
  /** Where an enquiry with an installer came from (the product's dialog: "quote"). */
  source?: LeadSource;
  /** A dealer company's contact the form starts from (the cart's dialog). */
  contact?: QuoteContact | null;
} & ({ productId: number; kit?: undefined } | { productId?: undefined; kit: QuoteKit; buttonLabel: string });

/**
 * 'Request a Quote' and its modal (spec §2, §4, §5), with no script at all: the button opens the server's native
 * `<dialog>` (an invoker command), Cancel and the close button close it (`command="close"`), Escape too (the
 * dialog's close request). A refused post draws the page again with the dialog open (`open`: not modal, the page
 * behind dimmed by a shadow, until src/web/enhance/forms.ts makes it modal, `data-show-modal`), a stored request
 * with the spec's success text, focused, next to the buttons. For a kit (the solar calculator's), the button says
 * `buttonLabel` and the form carries the kit's lines and summary (QuoteForm).
 */
export function QuoteRequest(props: QuoteRequestProps) {
  const { productName, result, open = false } = props;
  const refused = result && !result.success ? result : undefined;
  return (
    <>
      <button type="button" commandfor={DIALOG_ID} command="show-modal" aria-haspopup="dialog" className={buttonClass("outline")}>
        <FileText aria-hidden="true" className="size-4" />
        {props.kit ? props.buttonLabel : "Request a Quote"}
      </button>
      {result?.success ? (
        // biome-ignore lint/a11y/noAutofocus: the answer to the visitor's post, where they are reading (no script moves the focus)
        <div data-form-message="" tabIndex={-1} autoFocus className="basis-full outline-none">
          <FormAlert tone="success">{result.success}</FormAlert>
        </div>
      ) : null}
      <dialog
        id={DIALOG_ID}
        aria-labelledby={`${DIALOG_ID}-title`}
        open={refused || open ? true : undefined}
        data-show-modal=""
        closedby="closerequest"
        className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/60 open:fixed open:inset-0 open:z-50 [&:not(:modal)]:shadow-[0_0_0_100vmax_rgb(15_23_42/0.6)]"
      >
        <div className="p-5 sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={`${DIALOG_ID}-title`} className="text-xl font-bold text-slate-900">
              Request a Quote
            </h2>
            <button
              type="button"
              commandfor={DIALOG_ID}
              command="close"
              aria-label="Close"
              className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <p className="mb-4 text-sm text-slate-700">
            For <strong className="font-semibold text-slate-900">{productName}</strong>. We reply with a quotation by e-mail.
          </p>
          {props.kit ? (
            <QuoteForm kit={props.kit} dialogId={DIALOG_ID} refused={refused} source={props.source} contact={props.contact} />
          ) : (
            <QuoteForm productId={props.productId} dialogId={DIALOG_ID} refused={refused} source={props.source} contact={props.contact} />
          )}
        </div>
      </dialog>
    </>
  );
}
