import type { PublicSiteSettings } from "#shared/schemas/settings.ts";
import { FacebookIcon, InstagramIcon, LinkedinIcon, TiktokIcon, XIcon, YoutubeIcon } from "../ui/brand-icons.tsx";

const NETWORKS = [
  { key: "facebook", name: "Facebook", Icon: FacebookIcon },
  { key: "instagram", name: "Instagram", Icon: InstagramIcon },
  { key: "linkedin", name: "LinkedIn", Icon: LinkedinIcon },
  { key: "tiktok", name: "TikTok", Icon: TiktokIcon },
  { key: "x", name: "X", Icon: XIcon },
  { key: "youtube", name: "YouTube", Icon: YoutubeIcon },
] as const;

/** The company's social-network links that are set (empty ones are left out). */
export function SocialLinks({
  social,
  className = "",
  linkClassName = "size-11",
}: {
  social: PublicSiteSettings["social"];
  className?: string;
  linkClassName?: string;
}) {
  const links = NETWORKS.filter((n) => social[n.key]);
  if (links.length === 0) return null;
  return (
    <ul className={`flex items-center ${className}`}>
      {links.map(({ key, name, Icon }) => (
        <li key={key}>
          <a
            href={social[key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${name} (opens in a new tab)`}
            className={`inline-flex items-center justify-center rounded-md ${linkClassName}`}
          >
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
