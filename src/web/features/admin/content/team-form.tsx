import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { CONTENT_IMAGE_MAX_BYTES, ONE_IMAGE_ONLY, type Position, type TeamMember, teamMemberFormSchema } from "#shared/schemas/content.ts";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { notify } from "#web/components/ui/toaster.tsx";
import { appendImages, type ImageItem, ImageListField } from "../kit/file-fields.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import { type ApiAnswer, sendRequest } from "../kit/send-request.ts";
import { FormCard, useEditLinks } from "./content-ui.tsx";
import { imagesChanged, storedItems, useFocusOnEdit } from "./image-items.ts";
import { useContentForm } from "./use-content-form.ts";

/**
 * Add a team member, or edit the one in `?edit=`: name, position (from the positions), bio and photo. A new member
 * goes in one request (POST /api/team/add-team, multipart); an edit sends the texts (PUT update-team, JSON) and,
 * when the photo changed, the photo (PUT update-team-member-image, multipart).
 */
export function TeamForm({ member, positions }: { member: TeamMember | null; positions: readonly Position[] }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { closeHref } = useEditLinks();
  const initial = storedItems([member?.picture]);
  const [photo, setPhoto] = useState<ImageItem[]>(initial);
  const [success, setSuccess] = useState<string | null>(null);
  const f = useContentForm(
    teamMemberFormSchema,
    { name: member?.name ?? "", position: member?.position ?? "", bio: member?.bio ?? "" },
    { picture: "picture", photo: "picture", imageOrder: "picture" },
  );
  const headingId = "team-form-heading";
  useFocusOnEdit(member !== null, headingId);
  // A member's position that is no longer in the list stays selectable until it is changed.
  const names = positions.map((p) => p.name);
  const options = member && !names.includes(member.position) ? [member.position, ...names] : names;

  const onSubmit = f.submitWith(
    async (values, onProgress): Promise<ApiAnswer> => {
      if (!member) {
        const body = new FormData();
        body.append("name", values.name);
        body.append("position", values.position);
        body.append("bio", values.bio);
        appendImages(body, photo, "picture");
        return sendRequest({ method: "POST", url: "/api/team/add-team", body, onProgress });
      }
      const texts = await sendRequest({ method: "PUT", url: `/api/team/update-team/${member.id}`, body: values });
      if (!texts.ok || !imagesChanged(initial, photo)) return texts;
      const body = new FormData();
      appendImages(body, photo, "picture");
      return sendRequest({ method: "PUT", url: `/api/team/update-team-member-image/${member.id}`, body, onProgress });
    },
    async () => {
      if (member) {
        notify.success("The team member has been saved.");
        navigate(closeHref, { preventScrollReset: true });
        return;
      }
      f.form.reset({ name: "", position: "", bio: "" });
      setPhoto([]);
      setSuccess("The team member is added: they are on the About page now.");
      notify.success("The team member has been added.");
      await revalidator.revalidate();
    },
  );

  return (
    <FormCard id={headingId} title={member ? `Edit team member: ${member.name}` : "Add a team member"}>
      <FormShell
        title={member ? "Edit team member" : "New team member"}
        onSubmit={onSubmit}
        busy={f.busy}
        progress={f.progress}
        error={f.formError}
        success={success}
        submitLabel={member ? "Save changes" : "Add team member"}
        onCancel={member ? () => navigate(closeHref, { preventScrollReset: true }) : undefined}
        dirty={f.form.formState.isDirty || imagesChanged(initial, photo)}
        tour="team-form"
      >
        <TextField label="Name" autoComplete="off" maxLength={120} error={f.error("name")} {...f.register("name")} />
        <SelectField
          label="Position"
          hint={options.length === 0 ? undefined : "The list of positions is kept under Site Content → Positions."}
          error={f.error("position")}
          {...f.register("position")}
          data-tour="team-position"
        >
          <option value="">Choose a position</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        {options.length === 0 ? (
          <p className="text-sm text-slate-700">
            There are no positions yet.{" "}
            <Link to="/admin/content/positions" className="text-accent-800 underline">
              Add positions first
            </Link>
            .
          </p>
        ) : null}
        <TextAreaField
          label="Bio"
          hint="A sentence or two (optional)."
          rows={4}
          maxLength={2000}
          error={f.error("bio")}
          {...f.register("bio")}
        />
        <ImageListField
          label="Photo"
          folder="team"
          items={photo}
          onChange={(next) => {
            setPhoto(next);
            setSuccess(null);
            f.clearFileError("picture");
          }}
          max={1}
          maxBytes={CONTENT_IMAGE_MAX_BYTES}
          tooManyMessage={ONE_IMAGE_ONLY}
          hint="A square portrait works best. Without one, the About page shows the member's initials."
          error={f.fileErrors.picture}
          tour="team-photo"
        />
      </FormShell>
    </FormCard>
  );
}
