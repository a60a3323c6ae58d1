import { type Faq, faqFormSchema } from "#shared/schemas/content.ts";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { sendRequest } from "../kit/send-request.ts";
import { RecordFormCard, RecordTable, useAfterSave } from "./content-ui.tsx";
import { useContentForm } from "./use-content-form.ts";

/** The FAQs of the Products and FAQs pages (POST /api/faqs, PUT /api/faqs/{id}, JSON). */
function FaqForm({ faq }: { faq: Faq | null }) {
  const after = useAfterSave();
  const empty = { question: "", answer: "" };
  const f = useContentForm(faqFormSchema, faq ? { question: faq.question, answer: faq.answer } : empty);
  const onSubmit = f.submitWith(
    (values) => sendRequest({ method: faq ? "PUT" : "POST", url: faq ? `/api/faqs/${faq.id}` : "/api/faqs", body: values }),
    () => after.saved(faq !== null, faq ? "The FAQ has been saved." : "The FAQ has been added.", () => f.form.reset(empty)),
  );
  return (
    <RecordFormCard
      heading={faq ? "Edit FAQ" : "Add an FAQ"}
      editing={faq !== null}
      form={f}
      title={faq ? "Edit FAQ" : "New FAQ"}
      onSubmit={onSubmit}
      submitLabel={faq ? "Save changes" : "Add FAQ"}
      tour="faq-form"
    >
      <TextField label="Question" autoComplete="off" maxLength={300} error={f.error("question")} {...f.register("question")} />
      <TextAreaField label="Answer" rows={5} maxLength={5000} error={f.error("answer")} {...f.register("answer")} />
    </RecordFormCard>
  );
}

export function FaqsPanel(props: { rows: (Faq & { order: number })[]; count: number; params: ListParams; editing: Faq | null }) {
  return (
    <>
      <FaqForm key={props.editing?.id ?? "new"} faq={props.editing} />
      <RecordTable
        label="FAQs"
        rows={props.rows}
        count={props.count}
        params={props.params}
        rowLabel={(q) => q.question}
        record={{
          id: (q) => q.id,
          url: (id) => `/api/faqs/${id}`,
          noun: "FAQ",
          move: { order: (q) => q.order, url: (id) => `/api/faqs/${id}/move` },
        }}
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
        empty="No FAQs yet: add the first one above."
        tour="faq-list"
      />
    </>
  );
}
