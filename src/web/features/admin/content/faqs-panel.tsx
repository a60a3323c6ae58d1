import { Link } from "react-router";
import { type Faq, faqFormSchema } from "#shared/schemas/content.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { DataTable } from "../kit/data-table.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { MoveButtons } from "../kit/move-buttons.tsx";
import { sendRequest } from "../kit/send-request.ts";
import { DeleteAction, deleteAll, FormCard, useAfterSave, useEditLinks } from "./content-ui.tsx";
import { useFocusOnEdit } from "./image-items.ts";
import { useContentForm } from "./use-content-form.ts";

/** The FAQs of the Products and FAQs pages (POST /api/faqs, PUT /api/faqs/{id}, JSON). */
function FaqForm({ faq }: { faq: Faq | null }) {
  const after = useAfterSave();
  const empty = { question: "", answer: "" };
  const f = useContentForm(faqFormSchema, faq ? { question: faq.question, answer: faq.answer } : empty);
  const headingId = "faq-form-heading";
  useFocusOnEdit(faq !== null, headingId);
  const onSubmit = f.submitWith(
    (values) => sendRequest({ method: faq ? "PUT" : "POST", url: faq ? `/api/faqs/${faq.id}` : "/api/faqs", body: values }),
    () => after.saved(faq !== null, faq ? "The FAQ has been saved." : "The FAQ has been added.", () => f.form.reset(empty)),
  );
  return (
    <FormCard id={headingId} title={faq ? "Edit FAQ" : "Add an FAQ"}>
      <FormShell
        title={faq ? "Edit FAQ" : "New FAQ"}
        onSubmit={onSubmit}
        busy={f.busy}
        error={f.formError}
        submitLabel={faq ? "Save changes" : "Add FAQ"}
        onCancel={faq ? after.close : undefined}
        dirty={f.form.formState.isDirty}
        tour="faq-form"
      >
        <TextField label="Question" autoComplete="off" maxLength={300} error={f.error("question")} {...f.register("question")} />
        <TextAreaField label="Answer" rows={5} maxLength={5000} error={f.error("answer")} {...f.register("answer")} />
      </FormShell>
    </FormCard>
  );
}

export function FaqsPanel(props: { rows: (Faq & { order: number })[]; count: number; params: ListParams; editing: Faq | null }) {
  const { editHref } = useEditLinks();
  return (
    <>
      <FaqForm key={props.editing?.id ?? "new"} faq={props.editing} />
      <DataTable
        label="FAQs"
        rows={props.rows}
        count={props.count}
        params={props.params}
        rowKey={(q) => q.id}
        rowLabel={(q) => q.question}
        search={{ placeholder: "Question or answer" }}
        columns={[
          { key: "order", header: "#", sortable: true, cell: (q) => q.order + 1, className: "w-12" },
          {
            key: "question",
            header: "Question and answer",
            sortable: true,
            cell: (q) => (
              <div className="max-w-xl">
                <p className="font-semibold text-slate-900">{q.question}</p>
                <p className="mt-1 line-clamp-3 text-slate-700">{q.answer}</p>
              </div>
            ),
          },
        ]}
        rowActions={(q) => (
          <>
            <Link to={editHref(q.id)} preventScrollReset className={buttonClass("secondary")}>
              Edit<span className="sr-only"> {q.question}</span>
            </Link>
            <MoveButtons url={`/api/faqs/${q.id}/move`} name={q.question} order={q.order} count={props.count} params={props.params} />
            <DeleteAction url={`/api/faqs/${q.id}`} name={q.question} noun="FAQ" />
          </>
        )}
        bulkDelete={{ noun: "FAQ", onDelete: (ids) => deleteAll(ids.map((id) => `/api/faqs/${id}`)) }}
        empty="No FAQs yet: add the first one above."
        tour="faq-list"
      />
    </>
  );
}
