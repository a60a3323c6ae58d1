import { MAP_EMBED_PREFIX, type SiteSettings, siteSettingsSchema } from "#shared/schemas/settings.ts";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { AdminFieldSection } from "../kit/admin-section.tsx";
import { FormShell, useAdminForm } from "../kit/form-kit.tsx";
import { useAdminSubmit } from "../kit/use-admin-submit.ts";

export const SETTINGS_SAVED = "Settings saved. The site and its e-mails use the new details now.";

const SOCIAL: { key: keyof SiteSettings["social"]; label: string }[] = [
  { key: "facebook", label: "Facebook" },
  { key: "instagram", label: "Instagram" },
  { key: "linkedin", label: "LinkedIn" },
  { key: "tiktok", label: "TikTok" },
  { key: "x", label: "X (formerly Twitter)" },
  { key: "youtube", label: "YouTube" },
];

/**
 * The company's details as the header, footer, contact page, dealer manual, checkout and e-mails show them
 * (PUT /api/settings). Grouped as the site uses them; the same schema checks them here and on the server.
 */
export function SettingsForm({ settings }: { settings: SiteSettings }) {
  const { form, register, error, applyAnswer } = useAdminForm(siteSettingsSchema, settings);
  const submit = useAdminSubmit(applyAnswer);
  return (
    <FormShell
      title="Site settings"
      {...submit.shell}
      submitLabel="Save settings"
      dirty={form.formState.isDirty}
      tour="settings-form"
      onSubmit={form.handleSubmit(
        submit.saving(async (values) => {
          const answer = await submit.send<SiteSettings>({ method: "PUT", url: "/api/settings", body: values });
          if (!answer) return;
          form.reset(answer.data as SiteSettings);
          // The header and footer read the settings through the root loader, loaded again here.
          await submit.succeed({ message: SETTINGS_SAVED });
        }),
        submit.invalid,
      )}
    >
      <AdminFieldSection title="Company" description="The name and the line about the company shown on every page." tour="settings-company">
        <TextField label="Company name" autoComplete="organization" error={error("companyName")} {...register("companyName")} />
        <TextField
          label="Tagline"
          hint="Under the home page's title and in the footer."
          error={error("tagline")}
          {...register("tagline")}
        />
      </AdminFieldSection>

      <AdminFieldSection
        title="Contact details"
        description="In the header's top bar, the footer, the contact page, the dealer manual and every e-mail."
        tour="settings-contact"
      >
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label="Phone" type="tel" autoComplete="off" error={error("phone")} {...register("phone")} />
          <TextField
            label="WhatsApp number"
            hint="Digits only, with the country code (263…): the chat links open with it."
            inputMode="numeric"
            autoComplete="off"
            error={error("whatsappNumber")}
            {...register("whatsappNumber")}
          />
          <TextField
            label="Sales e-mail"
            type="email"
            hint="Receives contact messages and orders; replies to visitors come back here."
            autoComplete="off"
            error={error("salesEmail")}
            {...register("salesEmail")}
          />
          <TextField
            label="Support e-mail"
            type="email"
            hint="Shown to dealers for help."
            autoComplete="off"
            error={error("supportEmail")}
            {...register("supportEmail")}
          />
          <TextField
            label="Support hours"
            hint="For example Mon-Fri 8AM-5PM."
            autoComplete="off"
            error={error("supportHours")}
            {...register("supportHours")}
          />
        </div>
        <TextAreaField label="Address" rows={3} error={error("address")} {...register("address")} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="TIN"
            hint="ZIMRA taxpayer number, printed on tax invoices."
            autoComplete="off"
            error={error("tin")}
            {...register("tin")}
          />
          <TextField
            label="VAT number"
            hint="Printed on tax invoices and credit notes."
            autoComplete="off"
            error={error("vatNumber")}
            {...register("vatNumber")}
          />
        </div>
        <TextField
          label="Map embed link"
          type="url"
          hint={`In Google Maps: Share, then Embed a map; paste the link inside src="…" (it starts with ${MAP_EMBED_PREFIX}). Leave it empty for no map.`}
          autoComplete="off"
          error={error("mapEmbedUrl")}
          {...register("mapEmbedUrl")}
        />
      </AdminFieldSection>

      <AdminFieldSection
        title="Social links"
        description="The icons in the header and footer; an empty link hides its icon."
        tour="settings-social"
      >
        <div className="grid gap-4 md:grid-cols-2">
          {SOCIAL.map(({ key, label }) => (
            <TextField
              key={key}
              label={label}
              type="url"
              placeholder="https://"
              autoComplete="off"
              error={error(`social.${key}`)}
              {...register(`social.${key}`)}
            />
          ))}
        </div>
      </AdminFieldSection>

      <AdminFieldSection
        title="Payments and currency"
        description="What dealers see at checkout, on orders awaiting payment and in their e-mails."
        tour="settings-payments"
      >
        <SelectField
          label="Second currency"
          hint="The label of prices and orders not in USD. ZWG (Zimbabwe Gold) has been Zimbabwe's currency since 2024."
          className="max-w-xs"
          error={error("secondaryCurrency")}
          {...register("secondaryCurrency")}
        >
          <option value="ZWL">ZWL</option>
          <option value="ZWG">ZWG</option>
        </SelectField>
        <TextField
          label="Quotations hold for (days)"
          hint="When an approval names no date of its own: the end of the Harare day this many days after it."
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          className="max-w-xs"
          error={error("quotationValidityDays")}
          {...register("quotationValidityDays")}
        />
        <TextAreaField
          label="Bank details"
          hint="The account dealers pay into by bank transfer or ZIPIT, one detail a line."
          rows={6}
          error={error("bankDetails")}
          {...register("bankDetails")}
        />
      </AdminFieldSection>

      <AdminFieldSection
        title="Solar calculator"
        description="What the solar calculator sizes panels with, unless a visitor enters their own figure."
      >
        <TextField
          label="Sun hours a day"
          hint="Peak-sun hours where most of your customers are: about 5.5 in the Eastern Highlands, up to 6.5 in the south and west."
          type="number"
          inputMode="decimal"
          min={5.5}
          max={6.5}
          step={0.1}
          className="max-w-xs"
          error={error("sunHours")}
          {...register("sunHours")}
        />
      </AdminFieldSection>

      <AdminFieldSection
        title="Dealers on account"
        description="When a dealer's orders on account stop: they can still pay and order before dispatch."
      >
        <TextField
          label="Days overdue before orders on account stop"
          hint="A company whose oldest unpaid invoice is more days overdue than this is put on hold until it pays what is overdue."
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          step={1}
          className="max-w-xs"
          error={error("creditHoldDays")}
          {...register("creditHoldDays")}
        />
      </AdminFieldSection>

      <AdminFieldSection
        title="Home page media"
        description="Files in the site's media folder (/media/site/). Leave a name empty to show none."
        tour="settings-media"
      >
        <div className="grid max-w-xl gap-4">
          <TextField
            label="Hero video"
            hint="Ends in .webm or .mp4."
            autoComplete="off"
            error={error("heroVideo")}
            {...register("heroVideo")}
          />
          <TextField
            label="Hero still image"
            hint="Ends in .webp, .jpg or .png; shown first and instead of the video to visitors who prefer less motion."
            autoComplete="off"
            error={error("heroPoster")}
            {...register("heroPoster")}
          />
          <TextField
            label="Welcome sound"
            hint="Ends in .mp3, .ogg or .m4a; played once per visit."
            autoComplete="off"
            error={error("welcomeAudio")}
            {...register("welcomeAudio")}
          />
        </div>
      </AdminFieldSection>
    </FormShell>
  );
}
