import { Link } from "react-router";
import { type Position, positionFormSchema } from "#shared/schemas/content.ts";
import { TextField } from "#web/components/ui/text-field.tsx";
import { NAME_CELL_CLASS } from "#web/components/ui/token.tsx";
import type { ListParams } from "../kit/list-params.ts";
import { sendRequest } from "../kit/send-request.ts";
import { RecordFormCard, RecordTable, useAfterSave } from "./content-ui.tsx";
import { useContentForm } from "./use-content-form.ts";

export type PositionRow = Position & { held: number };

/** The positions a team member can hold (POST /api/positions, PUT /api/positions/{id}, JSON). */
function PositionForm({ position }: { position: Position | null }) {
  const after = useAfterSave();
  const f = useContentForm(positionFormSchema, { name: position?.name ?? "" });
  const onSubmit = f.submitWith(
    (values) =>
      sendRequest({ method: position ? "PUT" : "POST", url: position ? `/api/positions/${position.id}` : "/api/positions", body: values }),
    () =>
      after.saved(position !== null, position ? "The position has been renamed." : "The position has been added.", () =>
        f.form.reset({ name: "" }),
      ),
  );
  return (
    <RecordFormCard
      heading={position ? `Rename position: ${position.name}` : "Add a position"}
      editing={position !== null}
      form={f}
      title={position ? "Rename position" : "New position"}
      onSubmit={onSubmit}
      submitLabel={position ? "Rename" : "Add position"}
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
    </RecordFormCard>
  );
}

export function PositionsPanel(props: { rows: PositionRow[]; count: number; params: ListParams; editing: Position | null }) {
  return (
    <>
      <PositionForm key={props.editing?.id ?? "new"} position={props.editing} />
      <RecordTable
        label="Positions"
        rows={props.rows}
        count={props.count}
        params={props.params}
        rowLabel={(p) => p.name}
        record={{ id: (p) => p.id, url: (id) => `/api/positions/${id}`, noun: "position", editLabel: "Rename" }}
        search={{ placeholder: "Position" }}
        columns={[
          {
            key: "name",
            header: "Position",
            sortable: true,
            className: NAME_CELL_CLASS,
            cell: (p) => <span className="font-semibold text-slate-900">{p.name}</span>,
          },
          {
            key: "held",
            header: "Team members",
            sortable: true,
            cell: (p) => (p.held === 0 ? "None" : <Link to={`/admin/team?position=${encodeURIComponent(p.name)}`}>{p.held}</Link>),
          },
        ]}
        empty="No positions yet: add the first one above."
        tour="position-list"
      />
    </>
  );
}
