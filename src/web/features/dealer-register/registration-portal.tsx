import { useEffect, useRef, useState } from "react";
import { type ApplicationSection, type DealerApplication, SECTION_TITLES, statusLabel } from "#shared/schemas/dealers.ts";
import { DealerStatusBadge } from "../dealer/dealer-status-badge.tsx";
import { AccordionSection } from "./accordion-section.tsx";
import { CompanyForm } from "./company-form.tsx";
import { DocumentsSection } from "./documents-section.tsx";
import { InstallationsForm } from "./installations-form.tsx";
import type { RegisterResult } from "./register-result.ts";

const STATUS_NOTE: Record<string, string> = {
  Pending: "Your application is complete and has been submitted. It is now waiting for review by our team.",
  Approved: "Your application is approved. Contact us to change its details.",
  Suspended: "Your dealer account is suspended. Please contact us.",
};

const documentsWord = (n: number) => (n === 1 ? "1 document" : `${n} documents`);

/** What the rejection note asks to correct: the sections the team marked and the rejected documents, or the reason. */
function markedSummary(application: DealerApplication, rejectedDocuments: number): string {
  const marked = application.rejected_sections.map((s) => SECTION_TITLES[s]);
  const parts = [...marked, ...(rejectedDocuments > 0 ? [`${documentsWord(rejectedDocuments)} rejected in Required Documents`] : [])];
  return parts.length > 0
    ? `Correct what is marked below (${parts.join("; ")}) and what the reason describes. `
    : "Correct what the reason describes in the section it concerns. ";
}

/** A section's "Action needed" note: its rejected documents first, else the team's mark on a rejected application. */
function attentionOf(id: ApplicationSection, application: DealerApplication, rejectedDocuments: number): string | null {
  if (id === "documents" && rejectedDocuments > 0) return `Action needed: ${documentsWord(rejectedDocuments)} rejected`;
  return application.rejected_sections.includes(id) ? "Action needed: marked by our team" : null;
}

/**
 * The one note under the status: rejected documents come first ("Action needed"), whatever the
 * status, so a Pending application with a rejected document never also says it is complete.
 */
function StatusNote({ application, rejectedDocuments }: { application: DealerApplication; rejectedDocuments: number }) {
  const status = application.reg_status;
  if (status === "Rejected") {
    return (
      <div className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900" data-testid="reg-note">
        <p className="font-semibold">Your application was rejected.</p>
        {application.rejection_reason ? (
          <p className="mt-1">
            <span className="font-semibold">Reason from our team:</span> {application.rejection_reason}
          </p>
        ) : null}
        <p className="mt-1">
          {markedSummary(application, rejectedDocuments)}
          Your application is submitted again once you have changed it and all three sections are complete.
        </p>
      </div>
    );
  }
  if (rejectedDocuments > 0) {
    return (
      <div className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900" data-testid="reg-note">
        <p className="font-semibold">Action needed: {documentsWord(rejectedDocuments)} rejected</p>
        <p className="mt-1">
          Our team could not accept {rejectedDocuments === 1 ? "a document" : "some documents"}: see the reason beside{" "}
          {rejectedDocuments === 1 ? "it" : "each"} in Required Documents and upload a replacement. We review it as soon as it arrives.
        </p>
      </div>
    );
  }
  const note = status ? STATUS_NOTE[status] : undefined;
  return note ? (
    <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-800" data-testid="reg-note">
      {note}
    </p>
  ) : null;
}

function firstIncomplete(c: DealerApplication["completion"]): ApplicationSection | null {
  if (!c.company) return "company";
  if (!c.documents) return "documents";
  if (!c.installations) return "installations";
  return null;
}

/** Spec §2 /dealer/register: status, progress and the three accordion sections, opened in order. */
export function RegistrationPortal({
  pathname,
  userId,
  application,
  result,
  emailVerified = true,
}: {
  pathname: string;
  userId: number;
  application: DealerApplication;
  result: RegisterResult | undefined;
  /** False: the portal is shown as it is, but saving and uploading are refused until the address is confirmed. */
  emailVerified?: boolean;
}) {
  const { completion } = application;
  const rejectedDocuments = application.documents.filter((d) => d.review_status === "rejected").length;
  const status = statusLabel(application.reg_status);
  const editable = application.reg_status !== "Approved" && application.reg_status !== "Suspended";
  // Opened first: the first section our team marked on a rejected application, else the first one to complete.
  const [open, setOpen] = useState<ApplicationSection | null>(() =>
    editable ? (application.rejected_sections[0] ?? firstIncomplete(completion)) : null,
  );

  // The status changed while the page was open (e.g. submitted to Pending): say so.
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const previousStatus = useRef(status);
  useEffect(() => {
    if (status !== previousStatus.current) {
      setAnnouncement(
        status === "Pending"
          ? "All three sections are complete: your application has been submitted. Its status is now Pending."
          : `Your application status is now ${status}.`,
      );
    }
    previousStatus.current = status;
  }, [status]);

  const toggle = (id: ApplicationSection) => setOpen((current) => (current === id ? null : id));
  // A section waits for the one before it only while it is not complete itself: a complete section never also
  // says to complete an earlier one first (a rejected document makes Required Documents incomplete again). Before
  // the address is confirmed nothing can be saved, so every section opens, to show what the application asks.
  const lockedUnless = (open: boolean, reason: string) => (open || !emailVerified ? null : reason);
  const sections: { id: ApplicationSection; title: string; complete: boolean; locked: string | null; attention: string | null }[] = [
    {
      id: "company",
      title: SECTION_TITLES.company,
      complete: completion.company,
      locked: null,
      attention: attentionOf("company", application, rejectedDocuments),
    },
    {
      id: "documents",
      title: SECTION_TITLES.documents,
      complete: completion.documents,
      locked: lockedUnless(
        completion.company || completion.documents || application.documents.length > 0,
        "Complete the Company Details first.",
      ),
      attention: attentionOf("documents", application, rejectedDocuments),
    },
    {
      id: "installations",
      title: SECTION_TITLES.installations,
      complete: completion.installations,
      locked: lockedUnless(
        completion.installations || (completion.company && completion.documents) || application.installations.length > 0,
        "Complete the Required Documents first.",
      ),
      attention: attentionOf("installations", application, rejectedDocuments),
    },
  ];

  return (
    <div className="not-prose space-y-5 text-base">
      <div
        data-tour="reg-progress"
        className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6"
      >
        <p className="flex items-center gap-2 text-slate-800">
          <span className="font-medium">Status:</span>
          <DealerStatusBadge status={status} testId="reg-status" />
        </p>
        <div className="sm:w-64">
          <p className="text-sm font-medium text-slate-800" id="reg-progress-label">
            {completion.completed} of {completion.total} completed
          </p>
          <progress
            max={completion.total}
            value={completion.completed}
            aria-labelledby="reg-progress-label"
            className="mt-1 h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-green-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-green-700"
          />
        </div>
      </div>
      <div role="status" aria-live="polite">
        {announcement ? (
          <p className="rounded-lg border border-green-300 bg-green-50 p-4 font-semibold text-green-900">{announcement}</p>
        ) : null}
      </div>
      {announcement ? null : <StatusNote application={application} rejectedDocuments={rejectedDocuments} />}
      {sections.map((s, index) => (
        <AccordionSection
          key={s.id}
          id={`reg-${s.id}`}
          title={s.title}
          step={index + 1}
          open={open === s.id}
          complete={s.complete}
          attention={s.attention}
          lockedReason={s.locked}
          onToggle={() => toggle(s.id)}
          next={
            s.complete && editable && sections[index + 1] && !sections[index + 1]?.complete
              ? { title: sections[index + 1]?.title ?? "", open: () => setOpen(sections[index + 1]?.id ?? null) }
              : null
          }
        >
          {s.id === "company" ? (
            editable ? (
              <CompanyForm pathname={pathname} application={application} result={result?.form === "company" ? result : undefined} />
            ) : (
              <p>{STATUS_NOTE[status]}</p>
            )
          ) : null}
          {s.id === "documents" ? (
            <DocumentsSection userId={userId} application={application} editable={editable} emailVerified={emailVerified} />
          ) : null}
          {s.id === "installations" ? (
            editable ? (
              <InstallationsForm
                pathname={pathname}
                application={application}
                result={result?.form === "installations" ? result : undefined}
              />
            ) : (
              <p>{STATUS_NOTE[status]}</p>
            )
          ) : null}
        </AccordionSection>
      ))}
    </div>
  );
}
