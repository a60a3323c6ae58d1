import { useEffect, useRef, useState } from "react";
import { type DealerApplication, statusLabel } from "#shared/schemas/dealers.ts";
import { DealerStatusBadge } from "../dealer/dealer-status-badge.tsx";
import { AccordionSection } from "./accordion-section.tsx";
import { CompanyForm } from "./company-form.tsx";
import { DocumentsSection } from "./documents-section.tsx";
import { InstallationsForm } from "./installations-form.tsx";
import type { RegisterResult } from "./register-result.ts";

type SectionId = "company" | "documents" | "installations";

const STATUS_NOTE: Record<string, string> = {
  Pending: "Your application is complete and has been submitted. It is now waiting for review by our team.",
  Approved: "Your application is approved. Contact us to change its details.",
  Rejected: "Your application was rejected. Correct what is marked below: it is submitted again once all three sections are complete.",
  Suspended: "Your dealer account is suspended. Please contact us.",
};

function firstIncomplete(c: DealerApplication["completion"]): SectionId | null {
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
}: {
  pathname: string;
  userId: number;
  application: DealerApplication;
  result: RegisterResult | undefined;
}) {
  const { completion } = application;
  const status = statusLabel(application.reg_status);
  const editable = application.reg_status !== "Approved" && application.reg_status !== "Suspended";
  const [open, setOpen] = useState<SectionId | null>(() => (editable ? firstIncomplete(completion) : null));

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

  const toggle = (id: SectionId) => setOpen((current) => (current === id ? null : id));
  const sections: { id: SectionId; title: string; complete: boolean; locked: string | null }[] = [
    { id: "company", title: "Company Details", complete: completion.company, locked: null },
    {
      id: "documents",
      title: "Required Documents",
      complete: completion.documents,
      locked: completion.company ? null : "Complete the Company Details first.",
    },
    {
      id: "installations",
      title: "Dealer Installations",
      complete: completion.installations,
      locked: completion.company && completion.documents ? null : "Complete the Required Documents first.",
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
      {STATUS_NOTE[status] && !announcement ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-800">{STATUS_NOTE[status]}</p>
      ) : null}
      {sections.map((s, index) => (
        <AccordionSection
          key={s.id}
          id={`reg-${s.id}`}
          title={s.title}
          step={index + 1}
          open={open === s.id}
          complete={s.complete}
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
          {s.id === "documents" ? <DocumentsSection userId={userId} application={application} editable={editable} /> : null}
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
