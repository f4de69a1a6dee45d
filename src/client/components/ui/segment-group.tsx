import { SegmentGroup as ArkSegmentGroup } from "@ark-ui/react/segment-group";
import { css, cx } from "styled-system/css";
import { segmentGroup } from "styled-system/recipes/segment-group";

type SegmentGroupProps<T extends string> = {
  /** Names the group for assistive technology (not shown). */
  label: string;
  value: T;
  items: readonly { value: T; label: string }[];
  onValueChange: (value: T) => void;
  className?: string;
};

const styles = segmentGroup({ size: "sm" });
const focusRing = css({
  borderRadius: "l1",
  "&[data-focus-visible]": { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "2px" },
});

/** A segmented radio group (Ark): one choice of a few, arrow keys move between them, as with radio buttons. */
export function SegmentGroup<T extends string>({
  label,
  value,
  items,
  onValueChange,
  className,
}: SegmentGroupProps<T>) {
  return (
    <ArkSegmentGroup.Root
      orientation="horizontal"
      value={value}
      onValueChange={(details) => {
        const chosen = items.find((item) => item.value === details.value);
        if (chosen) onValueChange(chosen.value);
      }}
      className={cx(styles.root, className)}
    >
      <ArkSegmentGroup.Label className={css({ srOnly: true })}>{label}</ArkSegmentGroup.Label>
      <ArkSegmentGroup.Indicator className={styles.indicator} />
      {items.map((item) => (
        <ArkSegmentGroup.Item key={item.value} value={item.value} className={cx(styles.item, focusRing)}>
          <ArkSegmentGroup.ItemText className={styles.itemText}>{item.label}</ArkSegmentGroup.ItemText>
          <ArkSegmentGroup.ItemControl className={styles.itemControl} />
          <ArkSegmentGroup.ItemHiddenInput />
        </ArkSegmentGroup.Item>
      ))}
    </ArkSegmentGroup.Root>
  );
}
