/**
 * The directory's address with one `province` at most, never an empty one: the form sent without its script reads
 * `?province=harare&province=` (a map button and the select) or `?province=` ("All provinces"); null when the address
 * is already clean. The map's button comes before the select in the form: a pressed province is the first value.
 */
export function cleanInstallersSearch(params: URLSearchParams): string | null {
  const values = params.getAll("province");
  const first = values.find((p) => p !== "");
  if (values.length === 0 || (values.length === 1 && first !== undefined)) return null;
  const clean = new URLSearchParams();
  let placed = false;
  for (const [name, value] of params) {
    if (name !== "province") clean.append(name, value);
    else if (!placed && first !== undefined) {
      clean.append(name, first);
      placed = true;
    }
  }
  const text = clean.toString();
  return text ? `?${text}` : "";
}
