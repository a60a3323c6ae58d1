import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import { useSubmit } from "react-router";
import type { z } from "zod";
import { FOCUS_FIRST_ERROR, useFocusFirstError } from "#web/lib/use-focus-first-error.ts";
import { usePostPending } from "./use-post-pending.ts";

type Options<Values> = {
  /** The page whose action receives the form. */
  pathname: string;
  defaultValues: DefaultValues<Values>;
  /** Field messages the action answered (a page sent before JavaScript loaded, or a check only the server makes). */
  serverErrors?: Partial<Record<string, string>> | undefined;
};

/**
 * A page form checked in the browser with the shared zod schema, then sent as a normal form post to the page's
 * action, which checks it again: the same form works before JavaScript loads.
 */
export function usePostForm<Schema extends z.ZodType<FieldValues, FieldValues>>(schema: Schema, options: Options<z.input<Schema>>) {
  const submit = useSubmit();
  const pending = usePostPending(options.pathname);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    // zodResolver is typed per concrete schema; here the schema is generic.
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
    defaultValues: options.defaultValues,
    ...FOCUS_FIRST_ERROR,
  });
  useFocusFirstError(form);
  const errors = form.formState.errors as Partial<Record<string, { message?: unknown }>>;
  /** The message to show under a field: the browser's check first, else the server's. */
  const error = (field: Path<z.input<Schema>>): string | undefined => {
    const message = errors[field]?.message;
    return typeof message === "string" ? message : options.serverErrors?.[field];
  };
  const onSubmit = form.handleSubmit((_values, event) => submit(event?.target as HTMLFormElement));
  return { register: form.register, reset: form.reset, error, onSubmit, pending };
}
