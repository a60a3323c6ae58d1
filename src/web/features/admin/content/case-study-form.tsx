import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import {
  CASE_STUDY_MAX_IMAGES,
  CASE_STUDY_TOO_MANY_IMAGES,
  type CaseStudy,
  CONTENT_IMAGE_MAX_BYTES,
  caseStudyFormSchema,
  youtubeWatchUrl,
} from "#shared/schemas/content.ts";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { notify } from "#web/components/ui/toaster.tsx";
import { imageList } from "#web/features/content/format.ts";
import { appendImages, type ImageItem, ImageListField } from "../kit/file-fields.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import { sendRequest } from "../kit/send-request.ts";
import { FormCard, useEditLinks } from "./content-ui.tsx";
import { imagesChanged, storedItems, useFocusOnEdit } from "./image-items.ts";
import { useContentForm } from "./use-content-form.ts";

/**
 * Add a case study, or edit the one in `?edit=`: project name, location, system capacity, description, up to 3
 * images (spec §5) and a video-site link, of which the server keeps the video id. POST /api/case-study,
 * PUT /api/case-study/{id}, multipart.
 */
export function CaseStudyForm({ caseStudy }: { caseStudy: CaseStudy | null }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { closeHref } = useEditLinks();
  const initial = storedItems(caseStudy ? imageList(caseStudy.images) : []);
  const [images, setImages] = useState<ImageItem[]>(initial);
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
  const headingId = "case-study-form-heading";
  useFocusOnEdit(caseStudy !== null, headingId);

  const onSubmit = f.submitWith(
    (values, onProgress) => {
      const body = new FormData();
      body.append("projectName", values.projectName);
      body.append("location", values.location);
      body.append("systemCapacity", values.systemCapacity);
      body.append("description", values.description);
      // The checked value is the video id; the server reads ids as well as links.
      body.append("video", values.video ?? "");
      appendImages(body, images);
      return sendRequest({
        method: caseStudy ? "PUT" : "POST",
        url: caseStudy ? `/api/case-study/${caseStudy.id}` : "/api/case-study",
        body,
        onProgress,
      });
    },
    async () => {
      if (caseStudy) {
        notify.success("The case study has been saved.");
        navigate(closeHref, { preventScrollReset: true });
        return;
      }
      f.form.reset(empty);
      setImages([]);
      setSuccess("The case study is published: it is on the Case Studies page now.");
      notify.success("The case study has been published.");
      await revalidator.revalidate();
    },
  );

  return (
    <FormCard id={headingId} title={caseStudy ? `Edit case study: ${caseStudy.projectName}` : "Add a case study"}>
      <FormShell
        title={caseStudy ? "Edit case study" : "New case study"}
        onSubmit={onSubmit}
        busy={f.busy}
        progress={f.progress}
        error={f.formError}
        success={success}
        submitLabel={caseStudy ? "Save changes" : "Publish case study"}
        onCancel={caseStudy ? () => navigate(closeHref, { preventScrollReset: true }) : undefined}
        dirty={f.form.formState.isDirty || imagesChanged(initial, images)}
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
          items={images}
          onChange={(next) => {
            setImages(next);
            setSuccess(null);
            f.clearFileError("images");
          }}
          max={CASE_STUDY_MAX_IMAGES}
          maxBytes={CONTENT_IMAGE_MAX_BYTES}
          tooManyMessage={CASE_STUDY_TOO_MANY_IMAGES}
          hint={`Up to ${CASE_STUDY_MAX_IMAGES} images; the first is shown on the Case Studies page.`}
          error={f.fileErrors.images}
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
      </FormShell>
    </FormCard>
  );
}
