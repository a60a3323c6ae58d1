import { useState } from "react";
import {
  CASE_STUDY_MAX_IMAGES,
  CASE_STUDY_TOO_MANY_IMAGES,
  type CaseStudy,
  CONTENT_IMAGE_MAX_BYTES,
  caseStudyFormSchema,
  youtubeWatchUrl,
} from "#shared/schemas/content.ts";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { imageList } from "#web/features/content/format.ts";
import { appendImages, fieldsForm, ImageListField } from "../kit/file-fields.tsx";
import { useImageItems } from "../kit/image-items.ts";
import { sendRequest } from "../kit/send-request.ts";
import { RecordFormCard, useAfterSave } from "./content-ui.tsx";
import { useContentForm } from "./use-content-form.ts";

/**
 * Add a case study, or edit the one in `?edit=`: project name, location, system capacity, description, up to 3
 * images (spec §5) and a video-site link, of which the server keeps the video id. POST /api/case-study,
 * PUT /api/case-study/{id}, multipart.
 */
export function CaseStudyForm({ caseStudy }: { caseStudy: CaseStudy | null }) {
  const after = useAfterSave();
  const [success, setSuccess] = useState<string | null>(null);
  const empty = { projectName: "", location: "", systemCapacity: "", description: "", video: "" };
  const f = useContentForm(
    caseStudyFormSchema,
    caseStudy
      ? {
          projectName: caseStudy.projectName,
          location: caseStudy.location,
          systemCapacity: caseStudy.systemCapacity,
          description: caseStudy.description,
          video: caseStudy.video ? youtubeWatchUrl(caseStudy.video) : "",
        }
      : empty,
    { images: "images", imageOrder: "images" },
  );
  const images = useImageItems(caseStudy ? imageList(caseStudy.images) : [], f, "images", () => setSuccess(null));

  const onSubmit = f.submitWith(
    (values, onProgress) => {
      // The checked video is its id; the server reads ids as well as links.
      const body = fieldsForm(values);
      appendImages(body, images.items);
      return sendRequest({
        method: caseStudy ? "PUT" : "POST",
        url: caseStudy ? `/api/case-study/${caseStudy.id}` : "/api/case-study",
        body,
        onProgress,
      });
    },
    () =>
      after.saved(caseStudy !== null, caseStudy ? "The case study has been saved." : "The case study has been published.", () => {
        f.form.reset(empty);
        images.setItems([]);
        setSuccess("The case study is published: it is on the Case Studies page now.");
      }),
  );

  return (
    <RecordFormCard
      heading={caseStudy ? `Edit case study: ${caseStudy.projectName}` : "Add a case study"}
      editing={caseStudy !== null}
      form={f}
      title={caseStudy ? "Edit case study" : "New case study"}
      onSubmit={onSubmit}
      success={success}
      submitLabel={caseStudy ? "Save changes" : "Publish case study"}
      changed={images.changed}
      tour="case-study-form"
    >
      <TextField label="Project name" autoComplete="off" maxLength={200} error={f.error("projectName")} {...f.register("projectName")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Location"
          hint="Town and province, for example Mutare, Manicaland."
          autoComplete="off"
          maxLength={200}
          error={f.error("location")}
          {...f.register("location")}
        />
        <TextField
          label="System capacity"
          hint="For example 10 kW or 25 kWh."
          autoComplete="off"
          maxLength={60}
          error={f.error("systemCapacity")}
          {...f.register("systemCapacity")}
        />
      </div>
      <TextAreaField
        label="About the project"
        hint="Optional."
        rows={4}
        maxLength={5000}
        error={f.error("description")}
        {...f.register("description")}
      />
      <ImageListField
        label="Images"
        folder="caseStudyImages"
        {...images.field}
        max={CASE_STUDY_MAX_IMAGES}
        maxBytes={CONTENT_IMAGE_MAX_BYTES}
        tooManyMessage={CASE_STUDY_TOO_MANY_IMAGES}
        hint={`Up to ${CASE_STUDY_MAX_IMAGES} images; the first is shown on the Case Studies page.`}
        tour="case-study-images"
      />
      <div data-tour="case-study-video">
        <TextField
          label="Video link"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://www.youtube.com/watch?v=…"
          hint="Optional. Paste the YouTube link of the project's video (watch, youtu.be, embed or shorts link)."
          error={f.error("video")}
          {...f.register("video")}
        />
      </div>
    </RecordFormCard>
  );
}
