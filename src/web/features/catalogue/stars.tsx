import { Star } from "lucide-react";

/** The static 5-star display of a featured product (spec §2). */
export function FiveStars() {
  return (
    <p className="flex items-center gap-0.5 text-accent-500">
      <span className="sr-only">Rated 5 out of 5</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className="size-4 fill-current" />
      ))}
    </p>
  );
}
