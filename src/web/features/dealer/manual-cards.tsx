import { ChevronRight, Clock, FileDown, FileText, FolderUp, type LucideIcon, Mail, Phone, SolarPanel, UserRound } from "lucide-react";
import { Form } from "react-router";
import type { SiteSettings } from "#shared/schemas/settings.ts";
import { telUrl } from "../../components/layout/nav-links.ts";
import { buttonClass } from "../../components/ui/button.ts";
import { ContactRow, contactLinkClass } from "../../components/ui/contact-row.tsx";
import { StartTourButton } from "../tours/start-tour-button.tsx";
import {
  DOWNLOADS_INTRO,
  MANUAL_FILES,
  MANUAL_HEADINGS,
  MANUAL_QUICK_START,
  MANUAL_SECTIONS,
  MANUAL_TIPS,
  type ManualSection,
  type ManualTour,
  SUPPORT_INTRO,
  SUPPORT_LABELS,
  TOURS_INTRO,
} from "./manual-content.ts";

const ICONS: Record<ManualSection["id"], LucideIcon> = {
  registration: FileText,
  documents: FolderUp,
  installations: SolarPanel,
  profile: UserRound,
};

const headingClass = "text-2xl font-bold tracking-tight text-slate-900";

/**
 * A tour's 'Start' button (spec §2 keeps the label 'Start'). With the tour engine loaded (dealers, admins and supers,
 * once scripts run) it starts the tour, going to the tour's page first when needed. Before that, or for anyone
 * else, it is a GET form's submit button: it opens the tour's page with `?tour=<type>`, which starts the tour there.
 */
function ManualStartButton({ tour }: { tour: ManualTour }) {
  return (
    <Form method="get" action={tour.path} className="shrink-0">
      <input type="hidden" name="tour" value={tour.type} />
      <StartTourButton type="submit" tourType={tour.type} label="Start" srLabel={`${tour.title} tour`} className="w-full sm:w-auto" />
    </Form>
  );
}

function TourCard({ section }: { section: ManualSection }) {
  const Icon = ICONS[section.id];
  const headingId = `manual-${section.id}-heading`;
  return (
    <li className="flex">
      <article
        aria-labelledby={headingId}
        data-manual-section={section.id}
        className="flex w-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent-50">
            <Icon className="size-6 text-accent-700" />
          </span>
          <div>
            <h3 id={headingId} className="text-lg font-semibold text-slate-900">
              {section.title}
            </h3>
            <p className="mt-1 text-slate-700">{section.summary}</p>
          </div>
        </div>
        <ul className="mt-4 flex-1 divide-y divide-slate-200 border-y border-slate-200">
          {section.tours.map((tour) => (
            <li key={tour.type} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <h4 className="font-semibold text-slate-900">{tour.title}</h4>
                <p className="text-sm text-slate-600">{tour.description}</p>
              </div>
              <ManualStartButton tour={tour} />
            </li>
          ))}
        </ul>
        <details className="group mt-3">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 text-sm font-semibold text-accent-700 underline-offset-2 hover:underline [&::-webkit-details-marker]:hidden">
            <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90 motion-reduce:transition-none" />
            {MANUAL_HEADINGS.steps}
            <span className="sr-only">: {section.title}</span>
          </summary>
          <ol className="mt-1 list-decimal space-y-1.5 pl-5 text-sm text-slate-700 marker:font-semibold marker:text-accent-700">
            {section.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </details>
      </article>
    </li>
  );
}

/** The four cards of guided tours (spec §2). */
export function ManualTourCards() {
  return (
    <section aria-labelledby="manual-tours-heading">
      <h2 id="manual-tours-heading" className={headingClass}>
        {MANUAL_HEADINGS.tours}
      </h2>
      <p className="mt-1 text-slate-700">{TOURS_INTRO}</p>
      <ul className="mt-5 grid gap-5 lg:grid-cols-2">
        {MANUAL_SECTIONS.map((section) => (
          <TourCard key={section.id} section={section} />
        ))}
      </ul>
    </section>
  );
}

/** The PDF and TXT downloads (spec §2). Plain links: the files are not pages of the app. */
export function ManualDownloads() {
  return (
    <section aria-labelledby="manual-downloads-heading" className="rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6">
      <h2 id="manual-downloads-heading" className="text-lg font-semibold text-slate-900">
        {MANUAL_HEADINGS.downloads}
      </h2>
      <p className="mt-1 text-slate-700">{DOWNLOADS_INTRO}</p>
      <ul className="mt-4 flex flex-col gap-3 sm:flex-row">
        <li>
          <a
            href={MANUAL_FILES.pdf.path}
            download={MANUAL_FILES.pdf.name}
            type="application/pdf"
            className={buttonClass("primary", "w-full")}
          >
            <FileDown aria-hidden="true" className="size-5" />
            {MANUAL_FILES.pdf.label}
          </a>
        </li>
        <li>
          <a href={MANUAL_FILES.txt.path} download={MANUAL_FILES.txt.name} type="text/plain" className={buttonClass("outline", "w-full")}>
            <FileDown aria-hidden="true" className="size-5" />
            {MANUAL_FILES.txt.label}
          </a>
        </li>
      </ul>
    </section>
  );
}

/** The 4-step quick start (spec §2). */
export function ManualQuickStart() {
  return (
    <section aria-labelledby="manual-quick-start-heading">
      <h2 id="manual-quick-start-heading" className={headingClass}>
        {MANUAL_HEADINGS.quickStart}
      </h2>
      <ol className="mt-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {MANUAL_QUICK_START.map((step, i) => (
          <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <span
              aria-hidden="true"
              className="inline-flex size-8 items-center justify-center rounded-full bg-accent-700 text-sm font-bold text-white"
            >
              {i + 1}
            </span>
            <h3 className="mt-3 font-semibold text-slate-900">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-1 text-sm text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The tips (spec §2). */
export function ManualTips() {
  return (
    <section aria-labelledby="manual-tips-heading" className="rounded-xl border border-accent-200 bg-accent-50 p-5 sm:p-6">
      <h2 id="manual-tips-heading" className={headingClass}>
        {MANUAL_HEADINGS.tips}
      </h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-800 marker:text-accent-700">
        {MANUAL_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}

/** Dealer support contacts from the site settings (spec §2: an e-mail address, a phone number, the hours). */
export function ManualSupport({ settings }: { settings: Pick<SiteSettings, "supportEmail" | "phone" | "supportHours"> }) {
  return (
    <section aria-labelledby="manual-support-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="manual-support-heading" className={headingClass}>
        {MANUAL_HEADINGS.support}
      </h2>
      <p className="mt-1 text-slate-700">{SUPPORT_INTRO}</p>
      <address className="mt-4 not-italic">
        <ul className="space-y-4 text-slate-700">
          <ContactRow icon={Mail} label={SUPPORT_LABELS.email}>
            <a href={`mailto:${settings.supportEmail}`} className={contactLinkClass}>
              {settings.supportEmail}
            </a>
          </ContactRow>
          <ContactRow icon={Phone} label={SUPPORT_LABELS.phone}>
            <a href={telUrl(settings.phone)} className={contactLinkClass}>
              {settings.phone}
            </a>
          </ContactRow>
          {settings.supportHours ? (
            <ContactRow icon={Clock} label={SUPPORT_LABELS.hours}>
              {settings.supportHours}
            </ContactRow>
          ) : null}
        </ul>
      </address>
    </section>
  );
}
