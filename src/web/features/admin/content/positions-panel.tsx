import { Link } from "react-router";
import { type Position, positionFormSchema } from "#shared/schemas/content.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { DataTable } from "../kit/data-table.tsx";
import { FormShell } from "../kit/form-kit.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { sendRequest } from "../kit/send-request.ts";
import { DeleteAction, deleteAll, FormCard, useAfterSave, useEditLinks } from "./content-ui.tsx";
import { useFocusOnEdit } from "./image-items.ts";
import { useContentForm } from "./use-content-form.ts";

export type PositionRow = Position & { held: number };

/** The positions a team member can hold (POST /api/positions, PUT /api/positions/{id}, JSON). */
function PositionForm({ position }: { position: Position | null }) {
  const after = useAfterSave();
  const f = useContentForm(positionFormSchema, { name: position?.name ?? "" });
  const headingId = "position-form-heading";
  useFocusOnEdit(position !== null, headingId);
  const onSubmit = f.submitWith(
    (values) =>
      sendRequest({ method: position ? "PUT" : "POST", url: position ? `/api/positions/${position.id}` : "/api/positions", body: values }),
    () =>
      after.saved(position !== null, position ? "The position has been renamed." : "The position has been added.", () =>
        f.form.reset({ name: "" }),
      ),
  );
  return (
    <FormCard id={headingId} title={position ? `Rename position: ${position.name}` : "Add a position"}>
      <FormShell
        title={position ? "Rename position" : "New position"}
        onSubmit={onSubmit}
        busy={f.busy}
        error={f.formError}
        submitLabel={position ? "Rename" : "Add position"}
        onCancel={position ? after.close : undefined}
        dirty={f.form.formState.isDirty}
        tour="position-form"
      >
        <TextField
          label="Position"
          hint={position ? "Team members holding it are renamed with it." : undefined}
          autoComplete="off"
          maxLength={120}
          error={f.error("name")}
          {...f.register("name")}
        />
      </FormShell>
    </FormCard>
  );
}

export function PositionsPanel(props: { rows: PositionRow[]; count: number; params: ListParams; editing: Position | null }) {
  const { editHref } = useEditLinks();
  return (
    <>
      <PositionForm key={props.editing?.id ?? "new"} position={props.editing} />
      <DataTable
        label="Positions"
        rows={props.rows}
        count={props.count}
        params={props.params}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        search={{ placeholder: "Position" }}
        columns={[
          { key: "name", header: "Position", sortable: true, cell: (p) => <span className="font-semibold text-slate-900">{p.name}</span> },
          {
            key: "held",
            header: "Team members",
            sortable: true,
            cell: (p) => (p.held === 0 ? "None" : <Link to={`/admin/team?position=${encodeURIComponent(p.name)}`}>{p.held}</Link>),
          },
        ]}
        rowActions={(p) => (
          <>
            <Link to={editHref(p.id)} preventScrollReset className={buttonClass("secondary")}>
              Rename<span className="sr-only"> {p.name}</span>
            </Link>
            <DeleteAction url={`/api/positions/${p.id}`} name={p.name} noun="position" />
          </>
        )}
        bulkDelete={{ noun: "position", onDelete: (ids) => deleteAll(ids.map((id) => `/api/positions/${id}`)) }}
        empty="No positions yet: add the first one above."
        tour="position-list"
      />
    </>
  );
}
