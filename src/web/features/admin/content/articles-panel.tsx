import { ExternalLink } from "lucide-react";
import { formatDate } from "#shared/dates.ts";
import { ARTICLE_CATEGORIES, type Article, articleFormSchema } from "#shared/schemas/content.ts";
import { SelectField, TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { NAME_CELL_CLASS, Token } from "#web/components/ui/token.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { sendRequest } from "../kit/send-request.ts";
import { RecordFormCard, RecordTable, useAfterSave } from "./content-ui.tsx";
import { useContentForm } from "./use-content-form.ts";

/** Articles of the Insights page (spec §2, §3): title, description, the link to the article and one of four groups. */
function ArticleForm({ article }: { article: Article | null }) {
  const after = useAfterSave();
  const empty = { article_title: "", article_description: "", article_ref: "", category: "" as Article["category"] };
  const f = useContentForm(
    articleFormSchema,
    article
      ? {
          article_title: article.article_title,
          article_description: article.article_description,
          article_ref: article.article_ref,
          category: article.category,
        }
      : empty,
  );
  const onSubmit = f.submitWith(
    (values) =>
      sendRequest({
        method: article ? "PUT" : "POST",
        url: article ? `/api/articles/${article.article_id}` : "/api/articles",
        body: values,
      }),
    () => after.saved(article !== null, article ? "The article has been saved." : "The article has been added.", () => f.form.reset(empty)),
  );
  return (
    <RecordFormCard
      heading={article ? `Edit article: ${article.article_title}` : "Add an article"}
      editing={article !== null}
      form={f}
      title={article ? "Edit article" : "New article"}
      onSubmit={onSubmit}
      submitLabel={article ? "Save changes" : "Add article"}
      tour="article-form"
    >
      <TextField label="Title" autoComplete="off" maxLength={200} error={f.error("article_title")} {...f.register("article_title")} />
      <TextAreaField
        label="Description"
        hint="The Insights page shows its first 150 characters."
        rows={4}
        maxLength={2000}
        error={f.error("article_description")}
        {...f.register("article_description")}
      />
      <div className="grid gap-5 sm:grid-cols-[1fr_14rem]">
        <TextField
          label="Link to the article"
          hint="A web address (https://…) or a page of this site (/blog/3)"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          error={f.error("article_ref")}
          {...f.register("article_ref")}
        />
        <SelectField label="Group" error={f.error("category")} {...f.register("category")}>
          <option value="">Choose a group</option>
          {ARTICLE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
      </div>
    </RecordFormCard>
  );
}

export function ArticlesPanel(props: { rows: Article[]; count: number; params: ListParams; editing: Article | null }) {
  return (
    <>
      <ArticleForm key={props.editing?.article_id ?? "new"} article={props.editing} />
      <RecordTable
        label="Articles"
        rows={props.rows}
        count={props.count}
        params={props.params}
        rowLabel={(a) => a.article_title}
        record={{ id: (a) => a.article_id, url: (id) => `/api/articles/${id}`, noun: "article" }}
        search={{ placeholder: "Title or description" }}
        filters={[
          { name: "category", label: "Group", allLabel: "All groups", options: ARTICLE_CATEGORIES.map((c) => ({ value: c, label: c })) },
        ]}
        columns={[
          {
            key: "article_title",
            header: "Title",
            className: NAME_CELL_CLASS,
            sortable: true,
            cell: (a) => (
              <div className="max-w-md">
                <a
                  href={a.article_ref}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 font-semibold text-slate-900 underline"
                >
                  {a.article_title}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
                <p className="mt-1 line-clamp-2 text-slate-600">{a.article_description}</p>
              </div>
            ),
          },
          { key: "category", header: "Group", sortable: true, cell: (a) => a.category },
          { key: "createdAt", header: "Added", sortable: true, cell: (a) => <Token>{formatDate(a.createdAt)}</Token> },
        ]}
        empty="No articles yet: add the first one above."
        tour="article-list"
      />
    </>
  );
}
