import { useState } from "react";
import { useRevalidator } from "react-router";
import { type Overview, overviewFormSchema } from "#shared/schemas/content.ts";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { notify } from "#web/components/ui/toaster.tsx";
import { appendImages, fieldsForm, ImageListField } from "../kit/file-fields.tsx";
import { storedItems, useImageItems } from "../kit/image-items.ts";
import { sendRequest } from "../kit/send-request.ts";
import { ONE_CONTENT_IMAGE, RecordFormCard } from "./content-ui.tsx";
import { useContentForm } from "./use-content-form.ts";

/** The About page's texts and the managing director's message and photo (PUT /api/overview, multipart). */
export function OverviewForm({ overview }: { overview: Overview }) {
  const revalidator = useRevalidator();
  const [success, setSuccess] = useState<string | null>(null);
  const defaults = {
    story: overview.story,
    vision: overview.vision,
    mission: overview.mission,
    values: overview.values.join("\n"),
    directorName: overview.directorName,
    directorMessage: overview.directorMessage,
  };
  const f = useContentForm(overviewFormSchema, defaults, { directorPhoto: "directorPhoto", imageOrder: "directorPhoto" });
  const photo = useImageItems([overview.directorPhoto], f, "directorPhoto", () => setSuccess(null));
  const onSubmit = f.submitWith(
    (values, onProgress) => {
      const body = fieldsForm({ ...values, values: values.values.join("\n") });
      appendImages(body, photo.items, "directorPhoto");
      return sendRequest({ method: "PUT", url: "/api/overview", body, onProgress });
    },
    async (answer) => {
      const saved = answer.data as Overview;
      f.form.reset({ ...f.form.getValues(), values: saved.values.join("\n") });
      photo.setItems(storedItems([saved.directorPhoto]));
      setSuccess("Saved: the About page shows the new texts now.");
      notify.success("The About page has been saved.");
      await revalidator.revalidate();
    },
  );
  return (
    <RecordFormCard
      heading="Texts and photo"
      form={f}
      title="About page texts"
      onSubmit={onSubmit}
      success={success}
      submitLabel="Save About page"
      changed={photo.changed}
      tour="overview-form"
    >
      <TextAreaField label="Our story" rows={6} maxLength={5000} error={f.error("story")} {...f.register("story")} />
      <div className="grid gap-5 md:grid-cols-2">
        <TextAreaField label="Our vision" rows={3} maxLength={1000} error={f.error("vision")} {...f.register("vision")} />
        <TextAreaField label="Our mission" rows={3} maxLength={1000} error={f.error("mission")} {...f.register("mission")} />
      </div>
      <TextAreaField label="Our values" hint="One value per line, up to 12." rows={5} error={f.error("values")} {...f.register("values")} />
      <fieldset className="min-w-0 space-y-5 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Managing director's message</legend>
        <TextField label="Name" autoComplete="off" maxLength={120} error={f.error("directorName")} {...f.register("directorName")} />
        <TextAreaField
          label="Message"
          hint="Left empty, the About page leaves this section out."
          rows={5}
          maxLength={5000}
          error={f.error("directorMessage")}
          {...f.register("directorMessage")}
        />
        <ImageListField label="Photo" folder="team" {...photo.field} {...ONE_CONTENT_IMAGE} tour="overview-photo" />
      </fieldset>
    </RecordFormCard>
  );
}
