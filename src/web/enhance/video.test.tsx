// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { VideoFacade } from "#web/features/content/video-facade.tsx";
import { enhanceVideos } from "./video.ts";

// The case study's video as the server renders it (features/content/video-facade.tsx), and its script.

const poster = { folder: "caseStudyImages" as const, name: "marondera-tobacco-estate-3.webp" };
const facade = () => document.querySelector<HTMLAnchorElement>("a[data-video]");

beforeAll(() => enhanceVideos());
beforeEach(() => {
  document.body.innerHTML = renderToString(<VideoFacade id="x7Kq9TnP2aB" title="Marondera Tobacco Estate" poster={poster} />);
});

it("is a link to the film's page with our own poster, a play button and the title, and no player yet", () => {
  const link = facade();
  expect(link?.getAttribute("href")).toBe("https://www.youtube.com/watch?v=x7Kq9TnP2aB");
  expect(link?.textContent).toContain("Play the video: Marondera Tobacco Estate");
  const img = link?.querySelector("img");
  expect(img?.getAttribute("src")).toMatch(/^\/media\/caseStudyImages\/marondera-tobacco-estate-3/);
  expect(document.querySelector("iframe")).toBeNull();
  expect(document.body.innerHTML).not.toContain("youtube-nocookie");
});

it("puts the player in the poster's place on a click, and starts it", () => {
  facade()?.click();
  const frame = document.querySelector("iframe");
  expect(frame?.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/x7Kq9TnP2aB?autoplay=1");
  expect(frame?.title).toBe("Video: Marondera Tobacco Estate");
  expect(facade()).toBeNull();
});

it("leaves a click with a modifier key (a new tab) to the link", () => {
  facade()?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
  expect(document.querySelector("iframe")).toBeNull();
});

it("shows nothing for an id that is not the video site's", () => {
  for (const id of ["", "short", "x7Kq9TnP2aB<", "javascript:alert(1)"]) {
    expect(renderToString(<VideoFacade id={id} title="T" poster={poster} />)).toBe("");
  }
});

it("draws a poster-less facade when the project has no photos", () => {
  document.body.innerHTML = renderToString(<VideoFacade id="x7Kq9TnP2aB" title="Lodge" poster={null} />);
  expect(facade()?.querySelector("img")).toBeNull();
  expect(facade()?.textContent).toContain("Lodge");
});
