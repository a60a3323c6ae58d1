/**
 * The video facades (features/content/video-facade.tsx): a press on the poster puts the video site's player in its
 * place and starts it. Until then nothing is loaded from the video site; a press with a modifier key (a new tab) is
 * left to the link.
 */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export function enhanceVideos(): void {
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-video]");
    const id = link?.dataset.video ?? "";
    if (!link || !VIDEO_ID.test(id)) return;
    event.preventDefault();
    const frame = document.createElement("iframe");
    frame.src = `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
    frame.title = link.dataset.videoTitle ?? "Video";
    frame.allow = "accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen";
    frame.allowFullscreen = true;
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    frame.className = "size-full border-0";
    link.replaceWith(frame);
    frame.focus();
  });
}
