import { Link } from "react-router";
import { ContentIntro } from "#web/features/content/content-intro.tsx";

/** What a detail page shows for an id that does not exist (served with a 404 status by its loader). */
export function ContentNotFound({
  title,
  message,
  backTo,
  backLabel,
}: {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <ContentIntro title={title}>
      <p>{message}</p>
      <p>
        <Link to={backTo} className="font-medium text-accent-700 underline hover:text-accent-800">
          {backLabel}
        </Link>
      </p>
    </ContentIntro>
  );
}
