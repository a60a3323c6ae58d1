import { expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS, siteSettingsSchema } from "./settings.ts";

const withMedia = (media: Partial<Record<"heroVideo" | "heroPoster" | "welcomeAudio", string>>) =>
  siteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, ...media });

it("accepts the demo media, and none", () => {
  expect(withMedia({}).success).toBe(true);
  expect(withMedia({ heroVideo: "", heroPoster: "", welcomeAudio: "" }).success).toBe(true);
});

it("takes only a plain file name of the right kind for the hero film, its still and the welcome sound", () => {
  for (const bad of [
    { heroVideo: "../private/x.webm" },
    { heroVideo: "film.exe" },
    { heroPoster: "still.svg" },
    { welcomeAudio: "folder/sound.mp3" },
    { welcomeAudio: ".mp3" },
  ]) {
    const result = withMedia(bad);
    expect(result.success, JSON.stringify(bad)).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([Object.keys(bad)[0]]);
  }
});
