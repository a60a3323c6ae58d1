import { useState } from "react";
import { useRevalidator } from "react-router";
import { INSTALLER_SERVICES, VERIFIED_DEALER, ZERA_CLASS_DESCRIPTIONS } from "#shared/installer-network.ts";
import { mediaUrl } from "#shared/media.ts";
import { PROVINCES } from "#shared/provinces.ts";
import {
  INSTALLATION_PHOTOS_MAX,
  INSTALLATION_SAVED,
  INSTALLER_DESCRIPTION_MAX,
  type MyPublicProfile,
  PUBLIC_PROFILE_NEEDS_APPROVAL,
  PUBLIC_PROFILE_SAVED,
} from "#shared/schemas/installers.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { FormAlert } from "#web/components/ui/form-alert.tsx";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { type ApiAnswer, sendRequest } from "#web/features/admin/kit/send-request.ts";
import { ProfileSection } from "./profile-section.tsx";

type Result = { ok: boolean; message: string; issues: Record<string, string> };

function resultOf(answer: ApiAnswer, success: string): Result {
  const issues: Record<string, string> = {};
  for (const i of answer.issues) issues[i.path.replace(/^body\./, "")] ??= i.message;
  return { ok: answer.ok, message: answer.ok ? success : (answer.message ?? "The change was not saved."), issues };
}

const checkboxRow = "flex min-h-11 items-center gap-3 text-base text-slate-800";
const box = "size-5 accent-accent-700";

/**
 * The owner of an approved company opts in to the public directory and chooses what it shows: the
 * profile's contact, provinces and services, a logo, and which installations appear with their town and photos
 * (never the end customer's contact). Saved through the API, then the page's data is read again.
 */
export function PublicProfilePanel({ profile }: { profile: MyPublicProfile }) {
  const revalidator = useRevalidator();
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);

  if (!profile.approved) {
    return (
      <ProfileSection id="public-profile-heading" title="Public profile">
        <p className="text-slate-700">{PUBLIC_PROFILE_NEEDS_APPROVAL}</p>
      </ProfileSection>
    );
  }

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const logo = form.get("logo");
    if (logo instanceof File && logo.size === 0) form.delete("logo");
    if (!form.has("published")) form.set("published", "false");
    setBusy(true);
    const answer = await sendRequest({ method: "PUT", url: "/api/dealer/public-profile", body: form });
    setBusy(false);
    setResult(resultOf(answer, PUBLIC_PROFILE_SAVED));
    if (answer.ok) await revalidator.revalidate();
  }

  const status = profile.listed
    ? `Listed in the directory with the “${VERIFIED_DEALER}” badge.`
    : profile.published
      ? "Published, but not listed: the directory shows verified dealers only (approved, with every document valid)."
      : "Not published: the directory does not show your company.";

  return (
    <ProfileSection
      id="public-profile-heading"
      title="Public profile"
      action={
        profile.listed && profile.slug ? (
          <a href={`/installers/${profile.slug}`} className="font-medium text-accent-800 underline underline-offset-4">
            View your profile
          </a>
        ) : null
      }
    >
      <p className="text-slate-700" data-public-profile-status="">
        {status}
      </p>
      <form onSubmit={save} className="mt-4 space-y-5" aria-labelledby="public-profile-heading" noValidate>
        {result ? <FormAlert tone={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
        <label className={checkboxRow}>
          <input type="checkbox" name="published" value="true" defaultChecked={profile.published} className={box} />
          Show my company in the installer directory
        </label>
        <div>
          <p className="text-sm font-medium text-slate-800">Trading name</p>
          <p className="text-slate-900">{profile.trading_name}</p>
          <p className="text-sm text-slate-600">
            From your application.{" "}
            {profile.licence_class ? ZERA_CLASS_DESCRIPTIONS[profile.licence_class] : "No approved ZERA licence on file."}
          </p>
        </div>
        <div className="flex items-center gap-4">
          {profile.logo ? (
            <img
              src={mediaUrl("installers", profile.logo)}
              alt="Your current logo"
              width={64}
              height={64}
              className="size-16 rounded-full border border-slate-200 object-cover"
            />
          ) : null}
          <div className="min-w-0">
            <label htmlFor="public-profile-logo" className="mb-1 block text-sm font-medium text-slate-800">
              Logo (JPG or PNG)
            </label>
            <input
              id="public-profile-logo"
              type="file"
              name="logo"
              accept="image/jpeg,image/png"
              className="block w-full max-w-full text-sm"
            />
          </div>
        </div>
        <TextAreaField
          label="Short description"
          name="description"
          rows={4}
          maxLength={INSTALLER_DESCRIPTION_MAX}
          defaultValue={profile.description}
          hint={`What you install and where, in at most ${INSTALLER_DESCRIPTION_MAX} characters.`}
          error={result?.issues.description}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="City or town" name="city" defaultValue={profile.city} error={result?.issues.city} />
          <div>
            <label htmlFor="public-profile-province" className="mb-1 block text-sm font-medium text-slate-800">
              Home province
            </label>
            <select
              id="public-profile-province"
              name="province"
              defaultValue={profile.province ?? ""}
              aria-invalid={result?.issues.province ? true : undefined}
              className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900"
            >
              <option value="">Choose a province</option>
              {PROVINCES.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name}
                </option>
              ))}
            </select>
            {result?.issues.province ? <p className="mt-1 text-sm text-red-700">{result.issues.province}</p> : null}
          </div>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Provinces you also serve</legend>
          <div className="mt-1 grid sm:grid-cols-2">
            {PROVINCES.map((p) => (
              <label key={p.slug} className={checkboxRow}>
                <input
                  type="checkbox"
                  name="provinces_served"
                  value={p.slug}
                  defaultChecked={profile.provinces_served.includes(p.slug)}
                  className={box}
                />
                {p.name}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Services</legend>
          <div className="mt-1 grid sm:grid-cols-2">
            {INSTALLER_SERVICES.map((s) => (
              <label key={s.slug} className={checkboxRow}>
                <input type="checkbox" name="services" value={s.slug} defaultChecked={profile.services.includes(s.slug)} className={box} />
                {s.name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Phone to show" name="phone" type="tel" defaultValue={profile.phone} error={result?.issues.phone} />
          <TextField label="WhatsApp to show" name="whatsapp" type="tel" defaultValue={profile.whatsapp} error={result?.issues.whatsapp} />
          <TextField label="E-mail to show" name="email" type="email" defaultValue={profile.email} error={result?.issues.email} />
        </div>
        <button type="submit" className={buttonClass("primary")} aria-busy={busy || undefined} disabled={busy}>
          Save public profile
        </button>
      </form>
      <h3 className="mt-8 text-lg font-semibold text-slate-900">Installations on your profile</h3>
      <p className="mt-1 text-sm text-slate-600">
        Only the system, its size, the town and the photos are shown: never your customer's contact.
      </p>
      {profile.installations.length === 0 ? (
        <p className="mt-3 text-slate-700">No installations added</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {profile.installations.map((i) => (
            <InstallationChoice key={i.id} installation={i} onSaved={() => revalidator.revalidate()} />
          ))}
        </ul>
      )}
    </ProfileSection>
  );
}

function InstallationChoice({
  installation: i,
  onSaved,
}: {
  installation: MyPublicProfile["installations"][number];
  onSaved: () => Promise<void>;
}) {
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    for (const f of form.getAll("photos")) if (f instanceof File && f.size === 0) form.delete("photos");
    if (!form.has("show_public")) form.set("show_public", "false");
    setBusy(true);
    const answer = await sendRequest({ method: "PUT", url: `/api/dealer/installations/${i.id}/public`, body: form });
    setBusy(false);
    setResult(resultOf(answer, INSTALLATION_SAVED));
    if (answer.ok) await onSaved();
  }
  const headingId = `public-installation-${i.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h4 id={headingId} className="font-semibold text-slate-900">
        {i.description} <span className="font-normal text-slate-600">({i.size})</span>
      </h4>
      <form onSubmit={save} className="mt-3 space-y-3" aria-labelledby={headingId} noValidate>
        {result ? <FormAlert tone={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
        <label className={checkboxRow}>
          <input type="checkbox" name="show_public" value="true" defaultChecked={i.show_public} className={box} />
          Show on my public profile
        </label>
        <TextField label="Town" name="town" defaultValue={i.town ?? ""} error={result?.issues.town} />
        {i.photos.length > 0 ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Photos (tick to remove)</legend>
            <ul className="mt-2 flex flex-wrap gap-3">
              {i.photos.map((p, n) => (
                <li key={p}>
                  <label className="flex flex-col items-start gap-1 text-sm text-slate-800">
                    <img src={mediaUrl("installers", p)} alt="" width={96} height={72} className="h-18 w-24 rounded object-cover" />
                    <span className="flex items-center gap-2">
                      <input type="checkbox" name="remove_photos" value={p} className={box} />
                      Remove photo {n + 1}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        {i.photos.length < INSTALLATION_PHOTOS_MAX ? (
          <div>
            <label htmlFor={`photos-${i.id}`} className="mb-1 block text-sm font-medium text-slate-800">
              Add photos (up to {INSTALLATION_PHOTOS_MAX - i.photos.length} more, JPG or PNG)
            </label>
            <input id={`photos-${i.id}`} type="file" name="photos" accept="image/jpeg,image/png" multiple className="text-sm" />
          </div>
        ) : null}
        <button type="submit" className={buttonClass("outline")} aria-busy={busy || undefined} disabled={busy}>
          Save installation
        </button>
      </form>
    </li>
  );
}
