import { useState } from "react";
import { Link } from "react-router";
import { type Position, type TeamMember, teamMemberFormSchema } from "#shared/schemas/content.ts";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { appendImages, fieldsForm, ImageListField } from "../kit/file-fields.tsx";
import { useImageItems } from "../kit/image-items.ts";
import { type ApiAnswer, sendRequest } from "../kit/send-request.ts";
import { ONE_CONTENT_IMAGE, RecordFormCard, useAfterSave } from "./content-ui.tsx";
import { useContentForm } from "./use-content-form.ts";

/**
 * Add a team member, or edit the one in `?edit=`: name, position (from the positions), bio and photo. A new member
 * goes in one request (POST /api/team/add-team, multipart); an edit sends the texts (PUT update-team, JSON) and,
 * when the photo changed, the photo (PUT update-team-member-image, multipart).
 */
export function TeamForm({ member, positions }: { member: TeamMember | null; positions: readonly Position[] }) {
  const after = useAfterSave();
  const [success, setSuccess] = useState<string | null>(null);
  const f = useContentForm(
    teamMemberFormSchema,
    { name: member?.name ?? "", position: member?.position ?? "", bio: member?.bio ?? "" },
    { picture: "picture", photo: "picture", imageOrder: "picture" },
  );
  const photo = useImageItems([member?.picture], f, "picture", () => setSuccess(null));
  // A member's position that is no longer in the list stays selectable until it is changed.
  const names = positions.map((p) => p.name);
  const options = member && !names.includes(member.position) ? [member.position, ...names] : names;

  const onSubmit = f.submitWith(
    async (values, onProgress): Promise<ApiAnswer> => {
      if (!member) {
        const body = fieldsForm(values);
        appendImages(body, photo.items, "picture");
        return sendRequest({ method: "POST", url: "/api/team/add-team", body, onProgress });
      }
      const texts = await sendRequest({ method: "PUT", url: `/api/team/update-team/${member.id}`, body: values });
      if (!texts.ok || !photo.changed) return texts;
      const body = new FormData();
      appendImages(body, photo.items, "picture");
      return sendRequest({ method: "PUT", url: `/api/team/update-team-member-image/${member.id}`, body, onProgress });
    },
    () =>
      after.saved(member !== null, member ? "The team member has been saved." : "The team member has been added.", () => {
        f.form.reset({ name: "", position: "", bio: "" });
        photo.setItems([]);
        setSuccess("The team member is added: they are on the About page now.");
      }),
  );

  return (
    <RecordFormCard
      heading={member ? `Edit team member: ${member.name}` : "Add a team member"}
      editing={member !== null}
      form={f}
      title={member ? "Edit team member" : "New team member"}
      onSubmit={onSubmit}
      success={success}
      submitLabel={member ? "Save changes" : "Add team member"}
      changed={photo.changed}
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
        {...photo.field}
        {...ONE_CONTENT_IMAGE}
        hint="A square portrait works best. Without one, the About page shows the member's initials."
        tour="team-photo"
      />
    </RecordFormCard>
  );
}
