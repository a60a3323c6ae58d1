// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HelpButton } from "./help-button.tsx";
import { StartTourButton } from "./start-tour-button.tsx";
import { dotsNavigationDisabled, moveStep, TOUR_MESSAGES, tourKeyAction, validTourSteps } from "./tour-engine.ts";
import { TourProvider, useTour } from "./tour-provider.tsx";
import type { TourDefinition, TourStep, TourType } from "./tour-types.ts";

const steps = (n: number): TourStep[] => Array.from({ length: n }, (_, i) => ({ target: `#t${i}`, content: `Content ${i + 1}` }));

function Targets({ n = 6 }: { n?: number }) {
  return (
    <div>
      {Array.from({ length: n }, (_, i) => `t${i}`).map((id) => (
        <p key={id} id={id}>
          target {id}
        </p>
      ))}
    </div>
  );
}

let api: ReturnType<typeof useTour> | null = null;
function Grab() {
  api = useTour();
  return null;
}

function renderTour() {
  return render(
    <TourProvider>
      <Targets />
      <button type="button">before</button>
      <Grab />
    </TourProvider>,
  );
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  document.documentElement.dir = "";
});
afterEach(() => {
  cleanup();
  api = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const dialog = () => document.querySelector('[role="dialog"]');

describe("tour rules (pure)", () => {
  it("refuses a start without steps or without a type, with the spec's warning", () => {
    expect(validTourSteps("dealer-profile", [])).toBeNull();
    expect(warn).toHaveBeenLastCalledWith("No valid steps provided for tour type: dealer-profile");
    expect(validTourSteps(undefined, steps(2))).toBeNull();
    expect(warn).toHaveBeenLastCalledWith("No valid steps provided for tour type: undefined");
    expect(validTourSteps("", steps(2))).toBeNull();
    expect(warn).toHaveBeenLastCalledWith("No valid steps provided for tour type: ");
  });

  it("drops steps whose target is empty or not a string, with 'Invalid selector for step'", () => {
    const bad1 = { target: "   ", content: "x" };
    const bad2 = { target: 42, content: "y" };
    const kept = validTourSteps("dealer-profile", [bad1, { target: " #a ", content: "a" }, bad2]);
    expect(kept).toEqual([{ target: "#a", content: "a" }]);
    expect(warn).toHaveBeenCalledWith("Invalid selector for step", bad1);
    expect(warn).toHaveBeenCalledWith("Invalid selector for step", bad2);
  });

  it("disables dots navigation above 5 steps", () => {
    expect(dotsNavigationDisabled(5)).toBe(false);
    expect(dotsNavigationDisabled(6)).toBe(true);
  });

  it("reverses the arrow keys in right-to-left mode", () => {
    expect(tourKeyAction("ArrowRight", false)).toBe("next");
    expect(tourKeyAction("ArrowLeft", false)).toBe("prev");
    expect(tourKeyAction("ArrowRight", true)).toBe("prev");
    expect(tourKeyAction("ArrowLeft", true)).toBe("next");
    expect(tourKeyAction("Escape", true)).toBe("close");
    expect(moveStep(0, "prev", 3)).toBe(0);
    expect(moveStep(2, "next", 3)).toBe(2);
  });
});

describe("TourProvider", () => {
  it("is closed by default and useTour throws outside a provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Grab />)).toThrow(new Error("useTour must be used within a TourProvider"));
    cleanup();
    renderTour();
    expect(api?.isOpen).toBe(false);
    expect(dialog()).toBeNull();
  });

  it("opens nothing when started without steps or a type", () => {
    renderTour();
    act(() => {
      expect(api?.startTour("dealer-profile", [])).toBe(false);
      expect(api?.startTour("" as TourType, steps(2))).toBe(false);
    });
    expect(warn).toHaveBeenCalledWith("No valid steps provided for tour type: dealer-profile");
    act(() => vi.advanceTimersByTime(1000));
    expect(api?.isOpen).toBe(false);
    expect(dialog()).toBeNull();
  });

  it("opens step 0 after 300 ms, named 'Step 1 of N', and closes on Escape with focus returned", () => {
    renderTour();
    const before = screen.getByRole("button", { name: "before" });
    before.focus();
    act(() => {
      api?.startTour("dealer-profile", steps(3));
    });
    act(() => vi.advanceTimersByTime(299));
    expect(dialog()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const d = screen.getByRole("dialog", { name: "Step 1 of 3" });
    expect(d.getAttribute("aria-modal")).toBe("true");
    expect(d.textContent).toContain("Content 1");
    expect(api?.currentStep).toBe(0);
    expect(d.contains(document.activeElement)).toBe(true);

    act(() => {
      fireEvent.keyDown(window, { key: "ArrowRight", keyCode: 39 });
    });
    expect(screen.getByRole("dialog", { name: "Step 2 of 3" })).toBeTruthy();
    act(() => {
      fireEvent.keyDown(window, { key: "Escape", keyCode: 27 });
    });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(before);
  });

  it("moves backwards on the Right key in RTL", () => {
    document.documentElement.dir = "rtl";
    renderTour();
    act(() => {
      api?.startTour("dealer-profile", steps(3));
    });
    act(() => vi.advanceTimersByTime(300));
    act(() => {
      fireEvent.keyDown(window, { key: "ArrowLeft", keyCode: 37 });
    });
    expect(api?.currentStep).toBe(1);
    act(() => {
      fireEvent.keyDown(window, { key: "ArrowRight", keyCode: 39 });
    });
    expect(api?.currentStep).toBe(0);
  });

  it("shows 'Step content missing' for a step without content and drops bad steps", () => {
    renderTour();
    const bad = { target: "", content: "never" };
    act(() => {
      api?.startTour("dealer-profile", [{ target: "#t0", content: "" }, bad, { target: "#t1", content: "Two" }]);
    });
    expect(warn).toHaveBeenCalledWith("Invalid selector for step", bad);
    act(() => vi.advanceTimersByTime(300));
    expect(api?.steps).toHaveLength(2);
    expect(screen.getByRole("dialog").textContent).toContain("Step content missing");
  });

  it("hides the dots above 5 steps, keeping 'Step n of N', and offers them at 5", () => {
    renderTour();
    act(() => {
      api?.startTour("dealer-profile", steps(6));
    });
    act(() => vi.advanceTimersByTime(300));
    // Six dots wrapped onto two rows; dots navigation is off above 5 steps (spec §9), so none is drawn.
    expect(screen.queryAllByRole("button", { name: /^Go to step/ })).toHaveLength(0);
    expect(screen.queryByRole("list", { name: "Steps" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Step 1 of 6" })).toBeTruthy();
    act(() => {
      api?.startTour("dealer-profile", steps(5));
    });
    act(() => vi.advanceTimersByTime(300));
    const dots = screen.getAllByRole("button", { name: /^Go to step/ });
    expect(dots).toHaveLength(5);
    expect(dots.some((d) => (d as HTMLButtonElement).disabled)).toBe(false);
    act(() => {
      fireEvent.click(dots[3]!);
    });
    expect(api?.currentStep).toBe(3);
  });

  it("closes on the close button", () => {
    renderTour();
    act(() => {
      api?.startTour("dealer-profile", steps(2));
    });
    act(() => vi.advanceTimersByTime(300));
    act(() => {
      fireEvent.click(screen.getByRole("button", { name: "Close Tour" }));
    });
    expect(api?.isOpen).toBe(false);
  });
});

describe("StartTourButton", () => {
  it("has the default label and tooltip, and starts 100 ms after the press (then 300 ms to open)", () => {
    render(
      <TourProvider>
        <Targets />
        <StartTourButton tourType="dealer-profile" steps={steps(2)} variant="outline" />
        <Grab />
      </TourProvider>,
    );
    const button = screen.getByRole("button", { name: "Start Tour" });
    expect(button.getAttribute("title")).toBe("Start dealer-profile tour");
    const describedBy = button.getAttribute("aria-describedby");
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe("Start dealer-profile tour");
    const start = vi.spyOn(api!, "startTour");
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(99));
    expect(start).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(start).toHaveBeenCalledWith("dealer-profile", steps(2));
  });

  it("starts the tour end to end", () => {
    render(
      <TourProvider>
        <Targets />
        <StartTourButton tourType="dealer-profile" steps={steps(2)} label="Start" />
      </TourProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Start" }));
    act(() => vi.advanceTimersByTime(100));
    expect(dialog()).toBeNull();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.getByRole("dialog", { name: "Step 1 of 2" })).toBeTruthy();
  });
});

const tour = (type: TourType, audience: "admin" | "dealer"): TourDefinition => ({
  type,
  title: `Title ${type}`,
  summary: `Summary ${type}`,
  path: "/",
  audience,
  steps: [{ target: "#t0", content: "x" }],
});
const ALL = [
  tour("dealer-profile", "dealer"),
  tour("dealer-documents", "dealer"),
  tour("admin-dashboard", "admin"),
  tour("admin-users", "admin"),
];
const toursFor = (role: string | null) =>
  ALL.filter((t) => (role === "dealer" ? t.audience === "dealer" : role === "admin" || role === "super" ? t.audience === "admin" : false));

describe("HelpButton", () => {
  it("is not shown to users and visitors", () => {
    const { container, rerender } = render(<HelpButton userRole="user" toursFor={toursFor} />);
    expect(container.innerHTML).toBe("");
    rerender(<HelpButton userRole={null} toursFor={toursFor} />);
    expect(container.innerHTML).toBe("");
  });

  it.each([
    ["dealer", ["Title dealer-profile", "Title dealer-documents"]],
    ["admin", ["Title admin-dashboard", "Title admin-users"]],
    ["super", ["Title admin-dashboard", "Title admin-users"]],
  ] as const)("lists the %s's tours, closes on Escape with focus back on the button", (role, titles) => {
    render(<HelpButton userRole={role} toursFor={toursFor} />);
    const button = screen.getByRole("button", { name: "Help and Tours" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(Array.from(panel.querySelectorAll("h3")).map((h) => h.textContent)).toEqual(titles);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById(button.getAttribute("aria-controls")!)).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("choosing a tour closes the panel and starts it", async () => {
    render(
      <TourProvider resolveTour={(t) => ALL.find((x) => x.type === t)}>
        <Targets />
        <HelpButton userRole="dealer" toursFor={toursFor} />
        <Grab />
      </TourProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Help and Tours" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Start Title dealer-documents tour" }));
    });
    expect(screen.queryByText("Summary dealer-documents")).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(api?.tourType).toBe("dealer-documents");
    expect(screen.getByRole("dialog", { name: "Step 1 of 1" })).toBeTruthy();
  });

  it("a start still waiting for its page's elements does not open the tour once it was closed, or started again", async () => {
    /** The page, with or without the elements the tour points at. */
    const page = (withTargets: boolean) => (
      <TourProvider resolveTour={(t) => ALL.find((x) => x.type === t)}>
        {withTargets ? <Targets /> : null}
        <Grab />
      </TourProvider>
    );
    const view = render(page(false));
    // The page's elements are not there yet: both starts wait for them.
    let first: Promise<boolean> | undefined;
    let second: Promise<boolean> | undefined;
    act(() => {
      first = api!.startTourByType("dealer-profile");
      second = api!.startTourByType("dealer-profile");
    });
    view.rerender(page(true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.getByRole("dialog", { name: "Step 1 of 1" })).toBeTruthy();

    // Closed while a new start waits: it stays closed.
    let third: Promise<boolean> | undefined;
    view.rerender(page(false));
    act(() => {
      third = api!.startTourByType("dealer-profile");
      api!.stopTour();
    });
    view.rerender(page(true));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(await third).toBe(false);
    expect(dialog()).toBeNull();
  });

  it("skips the steps whose element is hidden or read-only, and a tour left with none does not start", async () => {
    const hiddenTour: TourDefinition = {
      ...ALL[0]!,
      steps: [
        { target: "#shown", content: "Shown" },
        { target: "#none", content: "Display none" },
        { target: "#in-hidden", content: "Inside a hidden ancestor" },
        { target: "#invisible", content: "Visibility hidden" },
        { target: "#inert", content: "Inert" },
        { target: "#readonly", content: "Read-only" },
        { target: "#last", content: "Last" },
      ],
    };
    let only: string[] = ["#none"];
    render(
      <TourProvider resolveTour={() => ({ ...hiddenTour, steps: hiddenTour.steps.filter((st) => only.includes(st.target)) })}>
        <p id="shown">shown</p>
        <p id="none">none</p>
        <div hidden>
          <p id="in-hidden">in hidden</p>
        </div>
        <p id="invisible">invisible</p>
        <div inert>
          <button type="button" id="inert">
            inert
          </button>
        </div>
        <input id="readonly" aria-label="read only" readOnly defaultValue="x" />
        <p id="last">last</p>
        <Grab />
      </TourProvider>,
    );
    // Styles through the CSSOM, as a stylesheet would set them.
    (document.getElementById("none") as HTMLElement).style.display = "none";
    (document.getElementById("invisible") as HTMLElement).style.visibility = "hidden";

    // Every step at a hidden element: nothing opens.
    await act(async () => {
      expect(await api!.startTourByType("dealer-profile")).toBe(false);
    });
    expect(warn).toHaveBeenCalledWith("Tour step target hidden or read-only: #none");
    expect(warn).toHaveBeenCalledWith(TOUR_MESSAGES.noValidStepsForTour("dealer-profile"));

    only = hiddenTour.steps.map((st) => st.target);
    await act(async () => {
      expect(await api!.startTourByType("dealer-profile")).toBe(true);
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(api?.steps.map((st) => st.target)).toEqual(["#shown", "#last"]);
    expect(screen.getByRole("dialog", { name: "Step 1 of 2" }).textContent).toContain("Shown");
    for (const selector of ["#in-hidden", "#invisible", "#inert", "#readonly"]) {
      expect(warn).toHaveBeenCalledWith(`Tour step target hidden or read-only: ${selector}`);
    }
  });

  it("a catalogue tour with no usable step warns 'No valid steps provided for tour: …'", async () => {
    render(
      <TourProvider resolveTour={() => ({ ...ALL[0]!, steps: [] })}>
        <Grab />
      </TourProvider>,
    );
    await act(async () => {
      expect(await api!.startTourByType("dealer-profile")).toBe(false);
    });
    expect(warn).toHaveBeenCalledWith(TOUR_MESSAGES.noValidStepsForTour("dealer-profile"));
    expect(warn).toHaveBeenCalledWith("No valid steps provided for tour: dealer-profile");
  });
});
