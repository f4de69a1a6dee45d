import type { Page } from "playwright-core";

/**
 * What sticks out sideways, for a readable failure (empty when nothing does): the page itself scrolling
 * sideways, or any text or control past the viewport's edge or cut off by a box that hides its overflow
 * (a card hides what runs out of it, so the page does not scroll, yet the words are lost). Deliberate
 * cuts are left alone: ellipsis, line clamps, scrollable boxes and visually hidden text.
 */
export function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const deliberate = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        style.textOverflow === "ellipsis" ||
        style.webkitLineClamp !== "none" ||
        style.overflowX === "auto" ||
        style.overflowX === "scroll" ||
        element.getBoundingClientRect().width <= 1
      );
    };
    const clips = (element: Element) => ["hidden", "clip"].includes(getComputedStyle(element).overflowX);
    const check = (node: Node, rect: DOMRect, label: string) => {
      if (rect.width === 0 && rect.height === 0) return;
      let bounds = { left: 0, right: root.clientWidth, what: "the viewport" };
      for (let element = node.parentElement; element && element !== root; element = element.parentElement) {
        if (deliberate(element)) return;
        if (bounds.what === "the viewport" && clips(element)) {
          const box = element.getBoundingClientRect();
          bounds = { left: box.left, right: box.right, what: `its ${element.tagName.toLowerCase()}` };
        }
      }
      if (
        rect.right > Math.min(bounds.right, root.clientWidth) + 1 ||
        rect.left < Math.max(bounds.left, 0) - 1
      )
        found.push(
          `${label} runs out of ${bounds.what} (${Math.round(rect.left)}–${Math.round(rect.right)} px)`,
        );
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const content = text.textContent?.trim();
      if (!content) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      check(text, range.getBoundingClientRect(), `"${content.slice(0, 40)}"`);
    }
    for (const control of document.body.querySelectorAll("a, button, input, select, textarea")) {
      if (deliberate(control)) continue;
      const name = control.getAttribute("aria-label") ?? control.textContent?.trim().slice(0, 40);
      check(control, control.getBoundingClientRect(), `${control.tagName.toLowerCase()} "${name}"`);
    }
    return found;
  });
}
