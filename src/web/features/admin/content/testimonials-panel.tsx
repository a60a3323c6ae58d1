import { type Testimonial, testimonialFormSchema } from "#shared/schemas/content.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { NAME_CELL_CLASS } from "#web/components/ui/token.tsx";
import { appendImages, fieldsForm, ImageListField } from "../kit/file-fields.tsx";
import { useImageItems } from "../kit/image-items.ts";
import type { ListParams } from "../kit/list-params.ts";
import { sendRequest } from "../kit/send-request.ts";
import { ONE_CONTENT_IMAGE, RecordFormCard, RecordTable, useAfterSave } from "./content-ui.tsx";
import { useContentForm } from "./use-content-form.ts";

/** Testimonials (spec §7 under /testimonials/): person, person_role, message and a photo, shown in the home page's carousel. */
function TestimonialForm({ testimonial }: { testimonial: Testimonial | null }) {
  const after = useAfterSave();
  const empty = { person: "", person_role: "", message: "" };
  const f = useContentForm(
    testimonialFormSchema,
    testimonial ? { person: testimonial.person, person_role: testimonial.person_role, message: testimonial.message } : empty,
    { image: "image", imageOrder: "image" },
  );
  const image = useImageItems([testimonial?.image], f, "image");
  const onSubmit = f.submitWith(
    (values, onProgress) => {
      const body = fieldsForm(values);
      appendImages(body, image.items, "image");
      return sendRequest({
        method: testimonial ? "PUT" : "POST",
        url: testimonial ? `/api/testimonials/update-testimonial/${testimonial.id}` : "/api/testimonials/add-testimonial",
        body,
        onProgress,
      });
    },
    () =>
      after.saved(testimonial !== null, testimonial ? "The testimonial has been saved." : "The testimonial has been added.", () => {
        f.form.reset(empty);
        image.setItems([]);
      }),
  );
  return (
    <RecordFormCard
      heading={testimonial ? `Edit testimonial: ${testimonial.person}` : "Add a testimonial"}
      editing={testimonial !== null}
      form={f}
      title={testimonial ? "Edit testimonial" : "New testimonial"}
      onSubmit={onSubmit}
      submitLabel={testimonial ? "Save changes" : "Add testimonial"}
      changed={image.changed}
      tour="testimonial-form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Person" autoComplete="off" maxLength={120} error={f.error("person")} {...f.register("person")} />
        <TextField
          label="Role or place (optional)"
          autoComplete="off"
          maxLength={160}
          placeholder="Homeowner, Borrowdale"
          error={f.error("person_role")}
          {...f.register("person_role")}
        />
      </div>
      <TextAreaField label="What they said" rows={5} maxLength={2000} error={f.error("message")} {...f.register("message")} />
      <ImageListField label="Photo (optional)" folder="testimonials" {...image.field} {...ONE_CONTENT_IMAGE} tour="testimonial-image" />
    </RecordFormCard>
  );
}

export function TestimonialsPanel(props: {
  rows: (Testimonial & { order: number })[];
  count: number;
  params: ListParams;
  editing: Testimonial | null;
}) {
  return (
    <>
      <TestimonialForm key={props.editing?.id ?? "new"} testimonial={props.editing} />
      <RecordTable
        label="Testimonials"
        rows={props.rows}
        count={props.count}
        params={props.params}
        rowLabel={(t) => t.person}
        record={{
          id: (t) => t.id,
          url: (id) => `/api/testimonials/delete-testimonial/${id}`,
          noun: "testimonial",
          name: (t) => `the testimonial of ${t.person}`,
          deleteName: (t) => `The testimonial of ${t.person}`,
          move: { order: (t) => t.order, url: (id) => `/api/testimonials/${id}/move` },
        }}
        search={{ placeholder: "Person, role or words" }}
        columns={[
          { key: "image", header: "Photo", cell: (t) => <Avatar name={t.person} profile={t.image} folder="testimonials" size={48} /> },
          {
            key: "person",
            header: "Person",
            className: NAME_CELL_CLASS,
            sortable: true,
            cell: (t) => (
              <div className="max-w-md">
                <p className="font-semibold text-slate-900">{t.person}</p>
                {t.person_role ? <p className="text-slate-600">{t.person_role}</p> : null}
                <p className="mt-1 line-clamp-3 text-slate-700">{t.message}</p>
              </div>
            ),
          },
        ]}
        empty="No testimonials yet: add the first one above."
        tour="testimonial-list"
      />
    </>
  );
}
