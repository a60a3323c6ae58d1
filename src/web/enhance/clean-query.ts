/**
 * A GET filter form whose address must not carry an empty or repeated field (`data-clean-query="province"`: the names
 * to clean). The installer directory's map buttons and its Province select share the name `province`, and the
 * select's "All provinces" is an empty value: the form sent as the browser builds it reads `?province=harare&province=`
 * or `?province=`. Before the form is sent, each listed name keeps its first non-empty value only. Without this script
 * the page's loader answers such an address with a redirect to the clean one (routes/installers.tsx).
 */
export function enhanceCleanQuery(): void {
  document.addEventListener("formdata", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const names = new Set((form.dataset.cleanQuery ?? "").split(/\s+/).filter(Boolean));
    if (names.size === 0) return;
    const data = event.formData;
    const seen = new Set<string>();
    // Rebuilt in the order sent, so the address reads as before less the dropped values.
    const kept = [...data.entries()].filter(([name, value]) => {
      if (!names.has(name)) return true;
      if (value === "" || seen.has(name)) return false;
      seen.add(name);
      return true;
    });
    for (const name of new Set(kept.map(([n]) => n).concat([...names]))) data.delete(name);
    for (const [name, value] of kept) data.append(name, value);
  });
}
