import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  DEALER_TOUR_TYPES,
  MANUAL_QUICK_START,
  MANUAL_SECTIONS,
  MANUAL_TIPS,
  type ManualContacts,
} from "#web/features/dealer/manual-content.ts";
import { manualPdf, renderManualPdf, renderManualText } from "./manual-files.ts";

const contacts: ManualContacts = {
  companyName: "Solar Demo",
  supportEmail: "support@solar-demo.example",
  phone: "+263 242 700 100",
  supportHours: "Mon-Fri 8AM-5PM",
};

describe("the manual's content (spec §2)", () => {
  it("has the four cards in order, five tours of the five dealer tour types, five tips and a 4-step quick start", () => {
    expect(MANUAL_SECTIONS.map((s) => s.title)).toEqual([
      "Registration Process",
      "Document Management",
      "Installation Examples",
      "Profile Management",
    ]);
    expect(MANUAL_SECTIONS.map((s) => s.tours.map((t) => t.title))).toEqual([
      ["Registration Overview", "Company Details Form"],
      ["Document Upload Guide"],
      ["Installation Form"],
      ["Profile Overview"],
    ]);
    expect(MANUAL_SECTIONS.flatMap((s) => s.tours.map((t) => t.type))).toEqual([...DEALER_TOUR_TYPES]);
    expect(MANUAL_TIPS).toHaveLength(5);
    expect(MANUAL_QUICK_START).toHaveLength(4);
    for (const section of MANUAL_SECTIONS) expect(section.steps.length).toBeGreaterThan(0);
  });
});

describe("renderManualText", () => {
  const text = renderManualText(contacts);

  it("contains every tip and every quick-start step word for word", () => {
    for (const tip of MANUAL_TIPS) expect(text).toContain(tip);
    for (const step of MANUAL_QUICK_START) {
      expect(text).toContain(step.title);
      expect(text).toContain(step.text);
    }
  });

  it("contains every part with its tours and steps, and the support contacts", () => {
    for (const section of MANUAL_SECTIONS) {
      expect(text).toContain(section.title);
      expect(text).toContain(section.summary);
      for (const tour of section.tours) expect(text).toContain(`${tour.title}: ${tour.description}`);
      for (const step of section.steps) expect(text).toContain(step);
    }
    expect(text).toContain("Email: support@solar-demo.example");
    expect(text).toContain("Phone: +263 242 700 100");
    expect(text).toContain("Hours: Mon-Fri 8AM-5PM");
    expect(text.startsWith("Dealer Manual - Solar Demo\n")).toBe(true);
  });

  it("leaves out the hours line when the settings have none", () => {
    expect(renderManualText({ ...contacts, supportHours: "" })).not.toContain("Hours:");
  });
});

describe("renderManualPdf", () => {
  it("is a PDF with a first page, a page for each part and a page of tips and contacts", async () => {
    const bytes = await renderManualPdf(contacts);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(MANUAL_SECTIONS.length + 2);
    expect(doc.getTitle()).toBe("Dealer Manual - Solar Demo");
    expect(doc.getAuthor()).toBe("Solar Demo");
  });

  it("draws settings that Helvetica cannot encode without failing", async () => {
    const bytes = await renderManualPdf({
      companyName: "Sólár Démo 太陽 ☀",
      supportEmail: "a-very-long-support-address-without-any-break@an-unusually-long-domain-name.example",
      phone: "+263 242 700 100",
      supportHours: "Mon–Fri 8AM–5PM",
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(MANUAL_SECTIONS.length + 2);
  });

  it("is rendered once for the same contacts and again when they change", async () => {
    const first = manualPdf(contacts);
    expect(manualPdf({ ...contacts })).toBe(first);
    const other = manualPdf({ ...contacts, phone: "+263 4 000 000" });
    expect(other).not.toBe(first);
    expect((await other).byteLength).toBeGreaterThan(1000);
  });
});
