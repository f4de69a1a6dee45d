import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as Steps from "../../src/client/components/ui/steps";

const STEPS = ["Open the bot", "Send the code", "Done"];

/** Three steps, as the Telegram connect dialog will show them, rendered on the server (no DOM here). */
function render(step: number) {
  return renderToStaticMarkup(
    h(
      Steps.Root,
      { count: STEPS.length, defaultStep: step },
      h(
        Steps.List,
        null,
        STEPS.map((title, index) =>
          h(
            Steps.Item,
            { key: title, index },
            h(Steps.Trigger, null, h(Steps.Indicator, null, index + 1), title),
            index < STEPS.length - 1 ? h(Steps.Separator) : null,
          ),
        ),
      ),
      STEPS.map((title, index) => h(Steps.Content, { key: title, index }, `content of ${title}`)),
    ),
  );
}

/** The opening tags of one part, in document order. */
const partTags = (html: string, part: string) =>
  [...html.matchAll(new RegExp(`<[a-z]+[^>]*data-part="${part}"[^>]*>`, "g"))].map((match) => match[0]);

describe("the steps component", () => {
  it("styles every part with the steps recipe", () => {
    const html = render(0);
    for (const slot of ["root", "list", "item", "trigger", "indicator", "separator", "content"])
      expect(html).toContain(`steps__${slot}`);
  });

  it("marks the steps before the current one complete, the current one current, and shows only its content", () => {
    const html = render(1);
    const triggers = partTags(html, "trigger");
    expect(triggers).toHaveLength(3);
    expect(triggers[0]).toContain("data-complete");
    expect(triggers[1]).toContain("data-current");
    expect(triggers[1]).toContain('aria-selected="true"');
    expect(triggers[2]).toContain("data-incomplete");
    // The selected tab says which step is current; an item with aria-current would break the tablist.
    expect(partTags(html, "item").some((tag) => tag.includes("aria-current"))).toBe(false);
    expect(partTags(html, "content").map((tag) => tag.includes("hidden"))).toEqual([true, false, true]);
  });
});
