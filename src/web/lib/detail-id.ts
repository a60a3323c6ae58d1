/** A detail page's id from its address: a positive integer, or null (which the page answers as not found). */
export function detailId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
