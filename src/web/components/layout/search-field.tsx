import type { InputHTMLAttributes } from "react";
import { SEARCH_QUERY_MAX } from "#shared/constants.ts";

/**
 * The site search's text field: its label, the `q` the /search page reads, the longest query the
 * search takes, and `data-search-suggest` (suggestions as you type, enhance/search-suggest.ts). The header, the
 * phone menu and the search page each put it in their own GET form.
 */
export function SearchField({ id, ...rest }: { id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Search products and articles
      </label>
      <input id={id} name="q" type="search" maxLength={SEARCH_QUERY_MAX} autoComplete="off" data-search-suggest="" {...rest} />
    </>
  );
}
