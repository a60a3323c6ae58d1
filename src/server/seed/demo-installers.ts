import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { InstallerService, ZeraLicenceClass } from "#shared/installer-network.ts";
import { MEDIA_FOLDERS } from "#shared/media.ts";
import type { ProvinceSlug } from "#shared/provinces.ts";
import { ROLE_IDS } from "#shared/roles.ts";
import { installerInitials } from "#shared/schemas/installers.ts";
import type { Db } from "../db/client.ts";
import { dealerDocuments, dealers, installations } from "../db/schema/dealers.ts";
import { dealerProfiles } from "../db/schema/installer-network.ts";
import { slugOf } from "../modules/installers/profile-slug.ts";
import { documentSvg } from "./artwork.ts";
import { insertCompanyAccount, seedDealerApplication } from "./demo-companies.ts";
import type { PictureList } from "./pictures.ts";

/**
 * The certified installer directory's demo: public profiles for Sunrise Solar and Zambezi Power and
 * six more approved installers across the country, so the map shows counts in most provinces (Matabeleland North
 * shows none), and Kopje Energy's published profile, never listed while its application is pending. Logos and
 * installation photos are small flat drawings rendered to WebP.
 */

type Profile = {
  city: string;
  province: ProvinceSlug;
  served: ProvinceSlug[];
  services: InstallerService[];
  description: string;
  phone: string;
  whatsapp: string;
  email: string;
  colour: string;
  licence?: ZeraLicenceClass;
  /** The installations shown: [index among the company's installations, town]. */
  shown: [number, string][];
};

type NewInstaller = Profile & {
  owner: string;
  username: string;
  company: string;
  trading: string;
  regNumber: string;
  tin: string;
  address: string;
  installations: [string, string, string, string, number][];
};

const SUNRISE: Profile = {
  city: "Harare",
  province: "harare",
  served: ["mashonaland-east", "mashonaland-west", "mashonaland-central"],
  services: ["installation", "maintenance", "design", "borehole"],
  description:
    "Home and small-business solar in Harare and the Mashonaland provinces since 2019: hybrid backup for load-shedding, borehole pumps and workshop rooftops, with our own team on every roof and a call-out line for repairs.",
  phone: "+263 242 700 123",
  whatsapp: "+263 77 212 3456",
  email: "installs@sunrise-solar.example",
  colour: "#d97706",
  licence: "ST2",
  shown: [
    [0, "Greendale, Harare"],
    [1, "Norton"],
  ],
};

/** Its ZERA licence (ST3) is seeded with the documents that expire (demo-document-expiry.ts). */
const ZAMBEZI: Profile = {
  city: "Harare",
  province: "harare",
  served: ["mashonaland-east", "mashonaland-west", "midlands"],
  services: ["installation", "design", "commercial"],
  description:
    "Commercial, industrial and farm systems from 20 kW to several hundred: grid-tied arrays for factories, hybrid systems for schools and solar irrigation, designed and commissioned by ZERA-licensed engineers.",
  phone: "+263 242 661 900",
  whatsapp: "+263 78 300 4411",
  email: "projects@zambezi-power.example",
  colour: "#0e7490",
  shown: [
    [0, "Ruwa"],
    [1, "Marondera"],
  ],
};

const OTHERS: NewInstaller[] = [
  {
    owner: "Sipho Ndlovu",
    username: "sipho.ndlovu",
    company: "Matopos Solar Works (Private) Limited",
    trading: "Matopos Solar Works",
    regNumber: "2231/2017",
    tin: "2003344556",
    address: "22 Fife Street, Bulawayo",
    city: "Bulawayo",
    province: "bulawayo",
    served: ["matabeleland-south"],
    services: ["installation", "maintenance", "borehole"],
    description:
      "Bulawayo's home-backup and borehole specialists: inverters, lithium batteries and pumps for homes, schools and smallholdings.",
    phone: "+263 292 880 412",
    whatsapp: "+263 71 455 9021",
    email: "hello@matopos-solar.example",
    colour: "#b45309",
    licence: "ST2",
    installations: [["Hybrid backup for a Hillside home", "5kW", "hillside.home@example.com", "+263771100001", 80]],
    shown: [[0, "Hillside, Bulawayo"]],
  },
  {
    owner: "Nyasha Chikowore",
    username: "nyasha.chikowore",
    company: "Eastern Highlands Solar (Private) Limited",
    trading: "Eastern Highlands Solar",
    regNumber: "0412/2016",
    tin: "2004455667",
    address: "22 Fifth Street, Mutare",
    city: "Mutare",
    province: "manicaland",
    served: [],
    services: ["installation", "maintenance", "commercial"],
    description: "Solar for homes, tea and coffee estates and lodges from Mutare to Chimanimani and Nyanga.",
    phone: "+263 20 206 4410",
    whatsapp: "+263 77 610 2288",
    email: "info@eh-solar.example",
    colour: "#15803d",
    installations: [["Off-grid lodge in the Vumba", "12kW", "vumba.lodge@example.com", "+263771100002", 100]],
    shown: [[0, "Vumba"]],
  },
  {
    owner: "Farai Chikore",
    username: "farai.chikore",
    company: "Great Zimbabwe Energy (Private) Limited",
    trading: "Great Zimbabwe Energy",
    regNumber: "3310/2020",
    tin: "2005566778",
    address: "9 Hughes Street, Masvingo",
    city: "Masvingo",
    province: "masvingo",
    served: [],
    services: ["installation", "borehole"],
    description: "Solar pumps and home systems across Masvingo province, from Chiredzi's sugar estates to rural clinics.",
    phone: "+263 39 226 3101",
    whatsapp: "+263 73 221 8840",
    email: "sales@gz-energy.example",
    colour: "#7c3aed",
    licence: "ST1",
    installations: [["Solar borehole for a Chiredzi school", "4kW", "chiredzi.school@example.com", "+263771100003", 45]],
    shown: [[0, "Chiredzi"]],
  },
  {
    owner: "Blessing Dube",
    username: "blessing.dube",
    company: "Midlands Sun Power (Private) Limited",
    trading: "Midlands Sun Power",
    regNumber: "1189/2018",
    tin: "2006677889",
    address: "31 Main Street, Gweru",
    city: "Gweru",
    province: "midlands",
    served: ["masvingo"],
    services: ["installation", "maintenance", "design", "commercial"],
    description: "Design, installation and service for homes, mines and shops in Gweru, Kwekwe and Zvishavane.",
    phone: "+263 54 222 7810",
    whatsapp: "+263 77 833 1290",
    email: "office@midlands-sun.example",
    colour: "#be123c",
    licence: "ST3",
    installations: [["Hybrid system for a Kwekwe hardware shop", "10kW", "kwekwe.hardware@example.com", "+263771100004", 70]],
    shown: [[0, "Kwekwe"]],
  },
  {
    owner: "Thabani Moyo",
    username: "thabani.moyo",
    company: "Lowveld Pumps and Solar (Private) Limited",
    trading: "Lowveld Pumps & Solar",
    regNumber: "2764/2021",
    tin: "2007788990",
    address: "5 Pioneer Street, Gwanda",
    city: "Gwanda",
    province: "matabeleland-south",
    served: ["bulawayo"],
    services: ["borehole", "installation"],
    description: "Solar borehole pumps, water tanks and small home systems for Gwanda, Beitbridge and the dry south.",
    phone: "+263 284 222 190",
    whatsapp: "+263 71 900 3412",
    email: "pumps@lowveld-solar.example",
    colour: "#0369a1",
    installations: [["Solar pump and tank for a Beitbridge garden", "3kW", "beitbridge.garden@example.com", "+263771100005", 35]],
    shown: [[0, "Beitbridge"]],
  },
  {
    owner: "Rumbi Mapfumo",
    username: "rumbi.mapfumo",
    company: "Mazowe Valley Solar (Private) Limited",
    trading: "Mazowe Valley Solar",
    regNumber: "3901/2022",
    tin: "2008899001",
    address: "2 Jumbo Road, Bindura",
    city: "Bindura",
    province: "mashonaland-central",
    served: ["harare"],
    services: ["installation", "borehole", "commercial"],
    description: "Solar irrigation and cold rooms for citrus and horticulture farms in the Mazowe valley, and home systems in Bindura.",
    phone: "+263 271 762 44",
    whatsapp: "+263 77 441 2098",
    email: "farms@mazowe-solar.example",
    colour: "#ca8a04",
    installations: [["Solar irrigation for a Mazowe citrus farm", "22kW", "mazowe.citrus@example.com", "+263771100006", 55]],
    shown: [[0, "Mazowe"]],
  },
];

const KOPJE: Profile = {
  city: "Bulawayo",
  province: "bulawayo",
  served: ["matabeleland-north"],
  services: ["installation"],
  description: "Rooftop systems for Bulawayo homes and guest houses.",
  phone: "+263 292 111 222",
  whatsapp: "",
  email: "tatenda@kopje-energy.example",
  colour: "#475569",
  shown: [],
};

/** A round badge with the company's initials and a sun. */
const logoSvg = (name: string, colour: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="#fff"/><circle cx="200" cy="200" r="180" fill="${colour}"/><circle cx="300" cy="110" r="44" fill="#fde68a"/><text x="200" y="250" font-size="150" font-weight="700" font-family="DejaVu Sans, sans-serif" fill="#fff" text-anchor="middle">${installerInitials(name)}</text></svg>`;

/** A house or shed with panels on its roof under a sky of the company's colour. */
const installationSvg = (seed: number, colour: string) => {
  const x = 250 + (seed % 3) * 60;
  const panels = Array.from(
    { length: 4 + (seed % 3) },
    (_, i) =>
      `<rect x="${x + 30 + i * 95}" y="${420 - i * 12}" width="85" height="120" fill="#1e3a8a" stroke="#93c5fd" stroke-width="4" transform="skewY(-7)"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900"><rect width="1200" height="600" fill="#bfdbfe"/><rect y="600" width="1200" height="300" fill="#a3b18a"/><circle cx="${980 - (seed % 4) * 60}" cy="150" r="70" fill="#fbbf24"/><path d="M${x - 40} 520 L${x + 300} 330 L${x + 700} 520 Z" fill="${colour}"/><rect x="${x}" y="520" width="660" height="260" fill="#f5f5f4"/><rect x="${x + 280}" y="640" width="100" height="140" fill="#78350f"/>${panels}<path d="M80 700 q 110 -120 220 0 z" fill="#4d7c0f"/><rect x="182" y="700" width="16" height="90" fill="#78350f"/></svg>`;
};

/** The installer directory's companies and profiles; their logos, photos and licences recorded in `pictures` (null: none). */
export async function seedDemoInstallers(db: Db, pictures: PictureList | null): Promise<void> {
  const companyByName = async (trading: string) => {
    const [row] = await db.select({ id: dealers.id }).from(dealers).where(eq(dealers.tradingName, trading));
    if (!row) throw new Error(`no demo company ${trading}`);
    return row.id;
  };
  for (const o of OTHERS) {
    const userId = await insertCompanyAccount(db, {
      fullName: o.owner,
      username: o.username,
      email: o.email,
      roleId: ROLE_IDS.dealer,
      verifiedDaysAgo: 150,
    });
    await seedDealerApplication(db, pictures, {
      userId,
      company: o.company,
      trading: o.trading,
      regNumber: o.regNumber,
      vat: null,
      tin: o.tin,
      address: o.address,
      approved: true,
      submittedDaysAgo: 120,
      installations: o.installations,
    });
  }
  let seed = 0;
  const profiles: [string, Profile][] = [
    ["Sunrise Solar", SUNRISE],
    ["Zambezi Power", ZAMBEZI],
    ...OTHERS.map((o) => [o.trading, o] as [string, Profile]),
    ["Kopje Energy", KOPJE],
  ];
  for (const [trading, p] of profiles) {
    const dealerId = await companyByName(trading);
    const slug = slugOf(trading);
    const logo = `${slug}-logo.webp`;
    pictures?.image(MEDIA_FOLDERS.installers, logo, logoSvg(trading, p.colour));
    await db.insert(dealerProfiles).values({
      dealerId,
      slug,
      published: true,
      logo,
      description: p.description,
      city: p.city,
      province: p.province,
      provincesServed: p.served,
      services: p.services,
      phone: p.phone,
      whatsapp: p.whatsapp,
      email: p.email,
    });
    const rows = await db
      .select({ id: installations.id })
      .from(installations)
      .where(eq(installations.dealerId, dealerId))
      .orderBy(installations.id);
    for (const [index, town] of p.shown) {
      const row = rows[index];
      if (!row) continue;
      const photo = `${slug}-installation-${index + 1}.webp`;
      const art = installationSvg(seed++, p.colour);
      pictures?.image(MEDIA_FOLDERS.installers, photo, art);
      await db
        .update(installations)
        .set({ showPublic: true, town, photos: [photo] })
        .where(eq(installations.id, row.id));
    }
    if (p.licence) {
      const key = `dealer-documents/${dealerId}/${randomUUID()}.webp`;
      // Its row's size is written once it is drawn.
      pictures?.document(key, documentSvg("ZERA Installer Licence", trading));
      await db.insert(dealerDocuments).values({
        dealerId,
        kind: "zera_licence",
        storageKey: key,
        originalName: "zera-installer-licence.png",
        mimeType: "image/webp",
        sizeBytes: 0,
        reviewStatus: "approved",
        licenceClass: p.licence,
        expiresOn: `${new Date().getUTCFullYear() + 1}-06-30`,
        reviewedAt: new Date(),
      });
    }
  }
}
