import { describe, expect, it } from "vitest";
import { IMAGE_ORDER_INVALID, KEPT_IMAGE_UNKNOWN } from "#shared/schemas/image-order.ts";
import { FieldError } from "../errors.ts";
import { planImages, planSingleImage, resolvePlan } from "./image-plan.ts";
import { UploadError } from "./image-upload.ts";

const single = (fields: Record<string, unknown>, newCount = 0, current: string | null = "a.webp") =>
  planSingleImage({ current, fields, field: "logo", newCount });

describe("planSingleImage: one protocol for a record's one image", () => {
  it("removes it however a client says so: imageOrder [], the field sent empty or null, remove_<field> true", () => {
    expect(single({ imageOrder: "[]" })).toBe("remove");
    expect(single({ imageOrder: [] })).toBe("remove");
    expect(single({ logo: "" })).toBe("remove");
    expect(single({ logo: null })).toBe("remove");
    expect(single({ remove_logo: true })).toBe("remove");
    expect(single({ remove_logo: "on" })).toBe("remove");
    expect(single({ remove_logo: "true" })).toBe("remove");
  });

  it("keeps it when nothing says otherwise, or the order names it; a new file replaces it", () => {
    expect(single({})).toBe("keep");
    expect(single({ remove_logo: false })).toBe("keep");
    expect(single({ remove_logo: "0" })).toBe("keep");
    expect(single({ imageOrder: '["stored:a.webp"]' })).toBe("keep");
    expect(single({}, 1)).toBe("new");
    expect(single({ remove_logo: true }, 1)).toBe("new");
    expect(single({ imageOrder: '["new:0"]' }, 1)).toBe("new");
  });

  it("refuses an order that does not match: another image, a file not sent, two images", () => {
    expect(() => single({ imageOrder: '["stored:b.webp"]' })).toThrow(KEPT_IMAGE_UNKNOWN);
    expect(() => single({ imageOrder: '["new:0"]' })).toThrow(IMAGE_ORDER_INVALID);
    expect(() => single({ imageOrder: "not json" })).toThrow(FieldError);
    expect(() => single({ imageOrder: '["new:0","stored:a.webp"]' }, 1)).toThrow(UploadError);
  });
});

describe("planImages: records with several images", () => {
  const plan = (fields: Record<string, unknown>, newCount = 0) =>
    planImages({ current: ["a.webp", "b.webp"], fields, newCount, max: 3, tooMany: (n) => `At most 3, not ${n}.` });

  it("keeps every image and adds the new ones after them, or follows imageOrder or the names kept", () => {
    expect(resolvePlan(plan({}, 1), ["n.webp"])).toEqual(["a.webp", "b.webp", "n.webp"]);
    expect(resolvePlan(plan({ imageOrder: '["new:0","stored:b.webp"]' }, 1), ["n.webp"])).toEqual(["n.webp", "b.webp"]);
    expect(resolvePlan(plan({ images: "b.webp" }), [])).toEqual(["b.webp"]);
  });

  it("says which field is wrong: an unknown name under imageOrder or images; too many (413)", () => {
    const at = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof FieldError ? err.field : err instanceof UploadError ? err.statusCode : err;
      }
    };
    expect(at(() => plan({ imageOrder: '["stored:x.webp"]' }))).toBe("imageOrder");
    expect(at(() => plan({ images: "x.webp" }))).toBe("images");
    expect(at(() => plan({ imageOrder: '["new:0","new:0"]' }, 2))).toBe("imageOrder");
    expect(at(() => plan({}, 2))).toBe(413);
    expect(() => plan({}, 2)).toThrow("At most 3, not 4.");
  });
});
