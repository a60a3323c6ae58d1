import { useState } from "react";
import { Link } from "react-router";
import { CONTENT_IMAGE_MAX_BYTES, ONE_IMAGE_ONLY, type Testimonial, testimonialFormSchema } from "#shared/schemas/content.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { buttonClass } from "#web/components/ui/button.ts";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { DataTable } from "../kit/data-table.tsx";
import { appendImages, type ImageItem, ImageListField } from "../kit/file-fields.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { MoveButtons } from "../kit/move-buttons.tsx";
import { sendRequest } from "../kit/send-request.ts";
import { DeleteAction, deleteAll, FormCard, useAfterSave, useEditLinks } from "./content-ui.tsx";
import { imagesChanged, storedItems, useFocusOnEdit } from "./image-items.ts";
import { useContentForm } from "./use-content-form.ts";

/** Testimonials (spec §7 under /testimonials/): person, person_role, message and a photo, shown in the home page's carousel. */
function TestimonialForm({ testimonial }: { testimonial: Testimonial | null }) {
  const after = useAfterSave();
  const initial = storedItems([testimonial?.image]);
  const [image, setImage] = useState<ImageItem[]>(initial);
  const empty = { person: "", person_role: "", message: "" };
  const f = useContentForm(
    testimonialFormSchema,
    testimonial ? { person: testimonial.person, person_role: testimonial.person_role, message: testimonial.message } : empty,
    { image: "image", imageOrder: "image" },
  );
  const headingId = "testimonial-form-heading";
  useFocusOnEdit(testimonial !== null, headingId);
  const onSubmit = f.submitWith(
    (values, onProgress) => {
      const body = new FormData();
      body.append("person", values.person);
      body.append("person_role", values.person_role);
      body.append("message", values.message);
      appendImages(body, image, "image");
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
        setImage([]);
      }),
  );
  return (
    <FormCard id={headingId} title={testimonial ? `Edit testimonial: ${testimonial.person}` : "Add a testimonial"}>
      <FormShell
        title={testimonial ? "Edit testimonial" : "New testimonial"}
        onSubmit={onSubmit}
        busy={f.busy}
        progress={f.progress}
        error={f.formError}
        submitLabel={testimonial ? "Save changes" : "Add testimonial"}
        onCancel={testimonial ? after.close : undefined}
        dirty={f.form.formState.isDirty || imagesChanged(initial, image)}
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
        <ImageListField
          label="Photo (optional)"
          folder="testimonials"
          items={image}
          onChange={(next) => {
            setImage(next);
            f.clearFileError("image");
          }}
          max={1}
          maxBytes={CONTENT_IMAGE_MAX_BYTES}
          tooManyMessage={ONE_IMAGE_ONLY}
          error={f.fileErrors.image}
          tour="testimonial-image"
        />
      </FormShell>
    </FormCard>
  );
}

export function TestimonialsPanel(props: {
  rows: (Testimonial & { order: number })[];
  count: number;
  params: ListParams;
  editing: Testimonial | null;
}) {
  const { editHref } = useEditLinks();
  return (
    <>
      <TestimonialForm key={props.editing?.id ?? "new"} testimonial={props.editing} />
      <DataTable
        label="Testimonials"
        rows={props.rows}
        count={props.count}
        params={props.params}
        rowKey={(t) => t.id}
        rowLabel={(t) => t.person}
        search={{ placeholder: "Person, role or words" }}
        columns={[
          { key: "image", header: "Photo", cell: (t) => <Avatar name={t.person} profile={t.image} folder="testimonials" size={48} /> },
          {
            key: "person",
            header: "Person",
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
        rowActions={(t) => (
          <>
            <Link to={editHref(t.id)} preventScrollReset className={buttonClass("secondary")}>
              Edit<span className="sr-only"> the testimonial of {t.person}</span>
            </Link>
            <MoveButtons
              url={`/api/testimonials/${t.id}/move`}
              name={`the testimonial of ${t.person}`}
              order={t.order}
              count={props.count}
              params={props.params}
            />
            <DeleteAction url={`/api/testimonials/delete-testimonial/${t.id}`} name={`The testimonial of ${t.person}`} noun="testimonial" />
          </>
        )}
        bulkDelete={{ noun: "testimonial", onDelete: (ids) => deleteAll(ids.map((id) => `/api/testimonials/delete-testimonial/${id}`)) }}
        empty="No testimonials yet: add the first one above."
        tour="testimonial-list"
      />
    </>
  );
}
