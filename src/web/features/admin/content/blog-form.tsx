import { useEffect, useState } from "react";
import { BLOG_MAX_IMAGES, BLOG_TOO_MANY_IMAGES, type Blog, blogFormSchema, CONTENT_IMAGE_MAX_BYTES } from "#shared/schemas/content.ts";
import { TextAreaField, TextField } from "#web/components/ui/text-field.tsx";
import { imageList } from "#web/features/content/format.ts";
import { appendImages, fieldsForm, ImageListField } from "../kit/file-fields.tsx";
import { useImageItems } from "../kit/image-items.ts";
import { sendRequest } from "../kit/send-request.ts";
import { RecordFormCard, useAfterSave } from "./content-ui.tsx";
import { useContentForm } from "./use-content-form.ts";

/** Write a blog, or edit the one in `?edit=` (spec §5: up to 2 images). POST /api/blogs, PUT /api/blogs/{id}, multipart. */
export function BlogForm({ blog }: { blog: Blog | null }) {
  const after = useAfterSave();
  const [success, setSuccess] = useState<string | null>(null);
  const f = useContentForm(
    blogFormSchema,
    { title: blog?.title ?? "", author: blog?.author ?? "", story: blog?.story ?? "" },
    { images: "images", imageOrder: "images" },
  );
  const images = useImageItems(blog ? imageList(blog.images) : [], f, "images", () => setSuccess(null));
  useEffect(() => {
    if (f.form.formState.isDirty) setSuccess(null);
  }, [f.form.formState.isDirty]);

  const onSubmit = f.submitWith(
    (values, onProgress) => {
      const body = fieldsForm(values);
      appendImages(body, images.items);
      return sendRequest({ method: blog ? "PUT" : "POST", url: blog ? `/api/blogs/${blog.id}` : "/api/blogs", body, onProgress });
    },
    () =>
      after.saved(blog !== null, blog ? "The blog has been saved." : "The blog has been published.", () => {
        f.form.reset({ title: "", author: "", story: "" });
        images.setItems([]);
        setSuccess("The blog is published: it is on the Blogs page now.");
      }),
  );

  return (
    <RecordFormCard
      heading={blog ? `Edit blog: ${blog.title}` : "Write a blog"}
      editing={blog !== null}
      form={f}
      title={blog ? "Edit blog" : "New blog"}
      onSubmit={onSubmit}
      success={success}
      submitLabel={blog ? "Save changes" : "Publish blog"}
      changed={images.changed}
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
        {...images.field}
        max={BLOG_MAX_IMAGES}
        maxBytes={CONTENT_IMAGE_MAX_BYTES}
        tooManyMessage={BLOG_TOO_MANY_IMAGES}
        hint={`Up to ${BLOG_MAX_IMAGES} images; the first is shown on the Blogs page.`}
        tour="blog-images"
      />
    </RecordFormCard>
  );
}
