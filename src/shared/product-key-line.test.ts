import { describe, expect, it } from "vitest";
import { productKeyLine } from "./product-key-line.ts";

describe("productKeyLine", () => {
  it.each([
    ["solar-panels", "SunVolt 410W Mono PERC", "410 W"],
    ["solar-panels", "SunVolt 550W Bifacial", "550 W · Bifacial"],
    ["hybrid-inverters", "SunVolt Hybrid 5kW 48V", "5 kW · 48 V"],
    ["hybrid-inverters", "Highveld Hybrid 1.5kW 12V", "1.5 kW · 12 V"],
    ["hybrid-inverters", "Kariba Hybrid 10kW Three-Phase", "10 kW · Three-phase"],
    ["energy-storage", "SunVolt LiFePO4 5.12kWh Wall", "5.12 kWh"],
    ["energy-storage", "Mutapa LiFePO4 2.4kWh 24V", "2.4 kWh · 24 V"],
    ["energy-storage", "Highveld Gel 200Ah 12V", "200 Ah · 12 V"],
    ["mounting-equipment", "Granite Ground Mount Frame (8 panels)", "For 8 panels"],
    ["mounting-equipment", "Granite Aluminium Rail 4.2m", "4.2 m"],
    ["cabling", "Solar DC Cable 6mm² Black (100m)", "6 mm² · 100 m"],
    ["cabling", "Battery Cable 35mm² (per metre)", "35 mm²"],
    ["switch-gear", "DC Isolator Switch 1000V 32A", "1000 V · 32 A"],
    ["switch-gear", "AC Miniature Circuit Breaker 40A", "40 A"],
  ])("%s %s → %s", (category, name, line) => {
    expect(productKeyLine(category, name)).toBe(line);
  });

  it("says nothing when the name holds no figure, or the category has none", () => {
    expect(productKeyLine("solar-panels", "Mutapa Portable Kit")).toBeNull();
    expect(productKeyLine("accessories", "Wi-Fi Monitoring Dongle")).toBeNull();
    expect(productKeyLine("cabling", "MC4 Connector Pair (10 pack)")).toBeNull();
  });

  it.each([
    ["solar-panels", { power_w: 410, efficiency_pct: 21, cell_type: "mono PERC" }, "410 W · 21.0 %"],
    ["hybrid-inverters", { power_kw: 5, battery_voltage_v: "48", phase: "single" }, "5 kW · 48 V"],
    ["hybrid-inverters", { power_kw: 10, battery_voltage_v: "48", phase: "three" }, "10 kW · 48 V · Three-phase"],
    ["energy-storage", { capacity_kwh: 5.12, voltage_v: 51.2, chemistry: "LiFePO4" }, "5.12 kWh · LiFePO4"],
    ["mounting-equipment", { panels_supported: 8 }, "For 8 panels"],
    ["cabling", { cross_section_mm2: 6, length_m: 100 }, "6 mm² · 100 m"],
    ["switch-gear", { current_a: 32, voltage_v: 1000 }, "1000 V · 32 A"],
  ])("%s from its specifications %j → %s", (category, specs, line) => {
    expect(productKeyLine(category, "A name without figures", specs)).toBe(line);
  });

  it("falls back on the name when the product has no specifications, or none the line uses", () => {
    expect(productKeyLine("solar-panels", "SunVolt 410W Mono PERC", {})).toBe("410 W");
    expect(productKeyLine("solar-panels", "SunVolt 410W Mono PERC", { cell_type: "TOPCon" })).toBe("410 W");
  });
});
