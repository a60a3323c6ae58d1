import { Award as AwardIcon } from "lucide-react";
import { type Award, awardFormSchema } from "#shared/schemas/content.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import { appendImages, fieldsForm, ImageListField } from "../kit/file-fields.tsx";
import { useImageItems } from "../kit/image-items.ts";
import type { ListParams } from "../kit/list-params.ts";
import { ListThumbnail } from "../kit/list-thumbnail.tsx";
import { sendRequest } from "../kit/send-request.ts";
import { ONE_CONTENT_IMAGE, RecordFormCard, RecordTable, useAfterSave } from "./content-ui.tsx";
import { useContentForm } from "./use-content-form.ts";

/** Awards on the About page: name, year and an image (POST /api/awards, PUT /api/awards/{id}, multipart). */
function AwardForm({ award }: { award: Award | null }) {
  const after = useAfterSave();
  const empty = { name: "", year: "" };
  const f = useContentForm(awardFormSchema, award ? { name: award.name, year: award.year === null ? "" : String(award.year) } : empty, {
    image: "image",
    imageOrder: "image",
  });
  const image = useImageItems([award?.image], f, "image");
  const onSubmit = f.submitWith(
    (values, onProgress) => {
      const body = fieldsForm(values);
      appendImages(body, image.items, "image");
      return sendRequest({ method: award ? "PUT" : "POST", url: award ? `/api/awards/${award.id}` : "/api/awards", body, onProgress });
    },
    () =>
      after.saved(award !== null, award ? "The award has been saved." : "The award has been added.", () => {
        f.form.reset(empty);
        image.setItems([]);
      }),
  );
  return (
    <RecordFormCard
      heading={award ? `Edit award: ${award.name}` : "Add an award"}
      editing={award !== null}
      form={f}
      title={award ? "Edit award" : "New award"}
      onSubmit={onSubmit}
      submitLabel={award ? "Save changes" : "Add award"}
      changed={image.changed}
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
        {...image.field}
        {...ONE_CONTENT_IMAGE}
        hint="A photo of the award or its badge. Without one, the About page shows an award icon."
        tour="award-image"
      />
    </RecordFormCard>
  );
}

export function AwardsPanel(props: { rows: Award[]; count: number; params: ListParams; editing: Award | null }) {
  return (
    <>
      <AwardForm key={props.editing?.id ?? "new"} award={props.editing} />
      <RecordTable
        label="Awards"
        rows={props.rows}
        count={props.count}
        params={props.params}
        rowLabel={(a) => a.name}
        record={{ id: (a) => a.id, url: (id) => `/api/awards/${id}`, noun: "award" }}
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
          {
            key: "name",
            header: "Award",
            sortable: true,
            className: NAME_CELL_CLASS,
            cell: (a) => <span className="font-semibold text-slate-900">{a.name}</span>,
          },
          { key: "year", header: "Year", sortable: true, cell: (a) => <Token>{a.year ?? "—"}</Token> },
        ]}
        empty="No awards yet: add the first one above."
        tour="award-list"
      />
    </>
  );
}
