import { useEffect, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { BLOG_MAX_IMAGES, BLOG_TOO_MANY_IMAGES, type Blog, blogFormSchema, CONTENT_IMAGE_MAX_BYTES } from "#shared/schemas/content.ts";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { notify } from "#web/components/ui/toaster.tsx";
import { imageList } from "#web/features/content/format.ts";
import { appendImages, type ImageItem, ImageListField } from "../kit/file-fields.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import { sendRequest } from "../kit/send-request.ts";
import { FormCard, useEditLinks } from "./content-ui.tsx";
import { imagesChanged, storedItems, useFocusOnEdit } from "./image-items.ts";
import { useContentForm } from "./use-content-form.ts";

/** Write a blog, or edit the one in `?edit=` (spec §5: up to 2 images). POST /api/blogs, PUT /api/blogs/{id}, multipart. */
export function BlogForm({ blog }: { blog: Blog | null }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { closeHref } = useEditLinks();
  const initial = storedItems(blog ? imageList(blog.images) : []);
  const [images, setImages] = useState<ImageItem[]>(initial);
  const [success, setSuccess] = useState<string | null>(null);
  const f = useContentForm(
    blogFormSchema,
    { title: blog?.title ?? "", author: blog?.author ?? "", story: blog?.story ?? "" },
    { images: "images", imageOrder: "images" },
  );
  const headingId = "blog-form-heading";
  useFocusOnEdit(blog !== null, headingId);
  useEffect(() => {
    if (f.form.formState.isDirty) setSuccess(null);
  }, [f.form.formState.isDirty]);

  const onSubmit = f.submitWith(
    (values, onProgress) => {
      const body = new FormData();
      body.append("title", values.title);
      body.append("author", values.author);
      body.append("story", values.story);
      appendImages(body, images);
      return sendRequest({ method: blog ? "PUT" : "POST", url: blog ? `/api/blogs/${blog.id}` : "/api/blogs", body, onProgress });
    },
    async () => {
      if (blog) {
        notify.success("The blog has been saved.");
        navigate(closeHref, { preventScrollReset: true });
        return;
      }
      f.form.reset({ title: "", author: "", story: "" });
      setImages([]);
      setSuccess("The blog is published: it is on the Blogs page now.");
      notify.success("The blog has been published.");
      await revalidator.revalidate();
    },
  );

  return (
    <FormCard id={headingId} title={blog ? `Edit blog: ${blog.title}` : "Write a blog"}>
      <FormShell
        title={blog ? "Edit blog" : "New blog"}
        onSubmit={onSubmit}
        busy={f.busy}
        progress={f.progress}
        error={f.formError}
        success={success}
        submitLabel={blog ? "Save changes" : "Publish blog"}
        onCancel={blog ? () => navigate(closeHref, { preventScrollReset: true }) : undefined}
        dirty={f.form.formState.isDirty || imagesChanged(initial, images)}
        tour="blog-form"
      >
        <TextField
          label="Title"
          autoComplete="off"
          maxLength={200}
          error={f.error("title")}
          {...f.register("title")}
          data-tour="blog-title"
        />
        <TextField label="Author" autoComplete="name" maxLength={120} error={f.error("author")} {...f.register("author")} />
        <TextAreaField
          label="Story"
          hint="Leave a blank line between paragraphs."
          rows={10}
          error={f.error("story")}
          {...f.register("story")}
          data-tour="blog-story"
        />
        <ImageListField
          label="Images"
          folder="blogs"
          items={images}
          onChange={(next) => {
            setImages(next);
            setSuccess(null);
            f.clearFileError("images");
          }}
          max={BLOG_MAX_IMAGES}
          maxBytes={CONTENT_IMAGE_MAX_BYTES}
          tooManyMessage={BLOG_TOO_MANY_IMAGES}
          hint={`Up to ${BLOG_MAX_IMAGES} images; the first is shown on the Blogs page.`}
          error={f.fileErrors.images}
          tour="blog-images"
        />
      </FormShell>
    </FormCard>
  );
}
