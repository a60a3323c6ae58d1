import { Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import type { LeadSource } from "#shared/installer-network.ts";
import type { DealerLead } from "#shared/schemas/leads.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { FormAlert } from "#web/components/ui/form-alert.tsx";

export const SOURCE_LABELS: Record<LeadSource, string> = {
  quote: "Product quote",
  cart: "Cart quote",
  calculator: "Solar calculator",
};

const OFFER_LABELS: Record<DealerLead["offer_status"], string> = {
  offered: "Waiting for your answer",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Lapsed",
  withdrawn: "Taken by another installer",
};

/** "Answer within 31 hours" (whole hours, rounded up; under one hour: "within the hour"). */
export function timeLeft(expiresAt: string, now: string): string {
  const hours = Math.ceil((Date.parse(expiresAt) - Date.parse(now)) / 3_600_000);
  return hours <= 1 ? "Answer within the hour" : `Answer within ${hours} hours`;
}

/** A phone number as wa.me wants it: digits, a leading 0 made Zimbabwe's 263. */
export function whatsappLink(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `https://wa.me/${digits.startsWith("0") ? `263${digits.slice(1)}` : digits}`;
}

export type LeadsResult = { success?: string; formError?: string; leadId?: number };

/** The pause switch: one plain form. */
export function PauseForm({ paused }: { paused: boolean }) {
  return (
    <form method="post" className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <p className="grow text-base text-slate-800">
        {paused
          ? "New leads are paused: no enquiry is offered to your company until you resume."
          : "New enquiries in the provinces you serve are offered to your company."}
      </p>
      <input type="hidden" name="intent" value={paused ? "resume" : "pause"} />
      <button type="submit" className={buttonClass("outline")}>
        {paused ? "Resume" : "Pause new leads"}
      </button>
    </form>
  );
}

/** The company's offers, each a card: the kit and notes; the contact once accepted; Accept / Decline while open. */
export function LeadList({ leads, now, result }: { leads: DealerLead[]; now: string; result: LeadsResult | undefined }) {
  if (leads.length === 0) {
    return (
      <EmptyState>
        No enquiries yet. When a customer in a province you serve asks for a certified installer, it appears here and we e-mail you.
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-4" aria-label="Enquiries">
      {leads.map((lead) => (
        <li key={lead.id} data-lead={lead.id} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <MapPin aria-hidden="true" className="size-5 text-accent-700" />
              Enquiry #{lead.id} in {lead.province_name}
            </h2>
            <p className="text-sm font-medium text-slate-700">
              {lead.offer_status === "offered" ? (
                <span className="rounded bg-amber-100 px-2 py-1 text-amber-900">{timeLeft(lead.expires_at, now)}</span>
              ) : (
                <span className="rounded bg-slate-100 px-2 py-1 text-slate-800">{OFFER_LABELS[lead.offer_status]}</span>
              )}
            </p>
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {SOURCE_LABELS[lead.source]} · offered{" "}
            {new Date(lead.offered_at).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Harare" })}
          </p>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">Kit</h3>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-base text-slate-800">
            {lead.kit.map((line) => (
              <li key={`${line.product_name}-${line.quantity}`}>
                {line.quantity} × {line.product_name}
              </li>
            ))}
          </ul>
          {lead.notes ? (
            <>
              <h3 className="mt-3 text-sm font-semibold text-slate-900">Notes</h3>
              <p className="mt-1 text-base whitespace-pre-line text-slate-800">{lead.notes}</p>
            </>
          ) : null}
          {lead.contact ? (
            <div className="mt-4 rounded-md border border-green-200 bg-green-50 p-3">
              <h3 className="text-sm font-semibold text-green-900">Customer</h3>
              <p className="mt-1 text-base font-medium text-slate-900">{lead.contact.name}</p>
              <p className="text-base text-slate-800">{lead.contact.address}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <a href={`tel:${lead.contact.phone.replace(/[^+\d]/g, "")}`} className={buttonClass("outline")}>
                  <Phone aria-hidden="true" className="size-4" /> {lead.contact.phone}
                </a>
                <a href={whatsappLink(lead.contact.phone)} className={buttonClass("outline")} rel="noopener noreferrer" target="_blank">
                  <MessageCircle aria-hidden="true" className="size-4" /> WhatsApp
                </a>
                <a href={`mailto:${lead.contact.email}`} className={buttonClass("outline")}>
                  <Mail aria-hidden="true" className="size-4" /> {lead.contact.email}
                </a>
              </div>
            </div>
          ) : lead.offer_status === "offered" ? (
            <p className="mt-3 text-sm text-slate-700">The customer's name and contact details are shown once you accept.</p>
          ) : null}
          {result?.leadId === lead.id && result.formError ? (
            <div className="mt-3">
              <FormAlert>{result.formError}</FormAlert>
            </div>
          ) : null}
          {lead.offer_status === "offered" ? (
            <div className="mt-4 flex flex-wrap gap-3">
              <form method="post">
                <input type="hidden" name="intent" value="accept" />
                <input type="hidden" name="leadId" value={lead.id} />
                <button type="submit" className={buttonClass("primary")} aria-label={`Accept enquiry #${lead.id}`}>
                  Accept
                </button>
              </form>
              <form method="post">
                <input type="hidden" name="intent" value="decline" />
                <input type="hidden" name="leadId" value={lead.id} />
                <button type="submit" className={buttonClass("outline")} aria-label={`Decline enquiry #${lead.id}`}>
                  Decline
                </button>
              </form>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
