/** The site icon (the logo's sun over a panel), served from the app so no static file is needed. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="11" r="5" fill="#de7a37"/><path d="M16 2v2M7.5 5.5l1.4 1.4M24.5 5.5l-1.4 1.4M4 12h2M26 12h2" stroke="#de7a37" stroke-width="2" stroke-linecap="round"/><path d="M5 28l3-10h16l3 10z" fill="#0f172a"/></svg>`;

export function loader() {
  return new Response(FAVICON, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
