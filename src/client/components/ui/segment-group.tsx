import { useId } from "react";
import { css, cx } from "styled-system/css";

type SegmentGroupProps<T extends string> = {
  /** Names the group for assistive technology (not shown). */
  label: string;
  value: T;
  items: readonly { value: T; label: string }[];
  onValueChange: (value: T) => void;
  className?: string;
};

const root = css({ display: "flex", gap: "4", borderBottomWidth: "1px", alignItems: "flex-start" });
// The chosen item is underlined over the group's own line, as Park UI's segment group draws it.
const item = css({
  position: "relative",
  px: "1",
  pb: "3",
  mb: "-1px",
  textStyle: "sm",
  fontWeight: "medium",
  color: "fg.muted",
  cursor: "pointer",
  borderBottomWidth: "2px",
  borderColor: "transparent",
  borderRadius: "l1",
  borderBottomRadius: "0",
  transitionProperty: "color, border-color",
  transitionDuration: "normal",
  _hover: { color: "fg.default" },
  "&[data-state=checked]": {
    fontWeight: "semibold",
    color: "fg.default",
    borderColor: "colorPalette.default",
  },
  "&:has(input:focus-visible)": { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "2px" },
});
const input = css({ srOnly: true });

/**
 * A segmented radio group: one choice of a few. Native radio buttons, so the arrow keys move between them and
 * nothing has to be measured or started before the group is drawn.
 */
export function SegmentGroup<T extends string>({
  label,
  value,
  items,
  onValueChange,
  className,
}: SegmentGroupProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} data-scope="segment-group" className={cx(root, className)}>
      {items.map((option) => (
        <label
          key={option.value}
          data-scope="segment-group"
          data-part="item"
          data-state={option.value === value ? "checked" : "unchecked"}
          className={item}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onValueChange(option.value)}
            className={input}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
