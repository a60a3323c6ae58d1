import { Award as AwardIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { type Award, awardFormSchema, CONTENT_IMAGE_MAX_BYTES, ONE_IMAGE_ONLY } from "#shared/schemas/content.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { DataTable } from "../kit/data-table.tsx";
import { appendImages, type ImageItem, ImageListField } from "../kit/file-fields.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { ListThumbnail } from "../kit/list-thumbnail.tsx";
import { sendRequest } from "../kit/send-request.ts";
import { DeleteAction, deleteAll, FormCard, useAfterSave, useEditLinks } from "./content-ui.tsx";
import { imagesChanged, storedItems, useFocusOnEdit } from "./image-items.ts";
import { useContentForm } from "./use-content-form.ts";

/** Awards on the About page: name, year and an image (POST /api/awards, PUT /api/awards/{id}, multipart). */
function AwardForm({ award }: { award: Award | null }) {
  const after = useAfterSave();
  const initial = storedItems([award?.image]);
  const [image, setImage] = useState<ImageItem[]>(initial);
  const empty = { name: "", year: "" };
  const f = useContentForm(awardFormSchema, award ? { name: award.name, year: award.year === null ? "" : String(award.year) } : empty, {
    image: "image",
    imageOrder: "image",
  });
  const headingId = "award-form-heading";
  useFocusOnEdit(award !== null, headingId);
  const onSubmit = f.submitWith(
    (values, onProgress) => {
      const body = new FormData();
      body.append("name", values.name);
      body.append("year", values.year === null ? "" : String(values.year));
      appendImages(body, image, "image");
      return sendRequest({ method: award ? "PUT" : "POST", url: award ? `/api/awards/${award.id}` : "/api/awards", body, onProgress });
    },
    () =>
      after.saved(award !== null, award ? "The award has been saved." : "The award has been added.", () => {
        f.form.reset(empty);
        setImage([]);
      }),
  );
  return (
    <FormCard id={headingId} title={award ? `Edit award: ${award.name}` : "Add an award"}>
      <FormShell
        title={award ? "Edit award" : "New award"}
        onSubmit={onSubmit}
        busy={f.busy}
        progress={f.progress}
        error={f.formError}
        submitLabel={award ? "Save changes" : "Add award"}
        onCancel={award ? after.close : undefined}
        dirty={f.form.formState.isDirty || imagesChanged(initial, image)}
        tour="award-form"
      >
        <div className="grid gap-5 sm:grid-cols-[1fr_10rem]">
          <TextField label="Award" autoComplete="off" maxLength={200} error={f.error("name")} {...f.register("name")} />
          <TextField
            label="Year (optional)"
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            error={f.error("year")}
            {...f.register("year")}
          />
        </div>
        <ImageListField
          label="Image (optional)"
          folder="awards"
          items={image}
          onChange={(next) => {
            setImage(next);
            f.clearFileError("image");
          }}
          max={1}
          maxBytes={CONTENT_IMAGE_MAX_BYTES}
          tooManyMessage={ONE_IMAGE_ONLY}
          hint="A photo of the award or its badge. Without one, the About page shows an award icon."
          error={f.fileErrors.image}
          tour="award-image"
        />
      </FormShell>
    </FormCard>
  );
}

export function AwardsPanel(props: { rows: Award[]; count: number; params: ListParams; editing: Award | null }) {
  const { editHref } = useEditLinks();
  return (
    <>
      <AwardForm key={props.editing?.id ?? "new"} award={props.editing} />
      <DataTable
        label="Awards"
        rows={props.rows}
        count={props.count}
        params={props.params}
        rowKey={(a) => a.id}
        rowLabel={(a) => a.name}
        search={{ placeholder: "Award or year" }}
        columns={[
          {
            key: "image",
            header: "Image",
            cell: (a) => (
              <ListThumbnail
                folder="awards"
                name={a.image}
                fallback={<AwardIcon aria-hidden="true" className="size-8 text-accent-700" />}
              />
            ),
          },
          { key: "name", header: "Award", sortable: true, cell: (a) => <span className="font-semibold text-slate-900">{a.name}</span> },
          { key: "year", header: "Year", sortable: true, cell: (a) => a.year ?? "—" },
        ]}
        rowActions={(a) => (
          <>
            <Link to={editHref(a.id)} preventScrollReset className={buttonClass("secondary")}>
              Edit<span className="sr-only"> {a.name}</span>
            </Link>
            <DeleteAction url={`/api/awards/${a.id}`} name={a.name} noun="award" />
          </>
        )}
        bulkDelete={{ noun: "award", onDelete: (ids) => deleteAll(ids.map((id) => `/api/awards/${id}`)) }}
        empty="No awards yet: add the first one above."
        tour="award-list"
      />
    </>
  );
}
