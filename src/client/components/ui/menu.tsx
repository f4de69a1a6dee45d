import { Menu as ArkMenu } from "@ark-ui/react/menu";
import { Check } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { css, cx } from "styled-system/css";
import { menu } from "styled-system/recipes/menu";

const styles = menu({ size: "sm" });

// Rendered in place rather than portalled, so the open menu stays inside its landmark (axe "region");
// the fixed strategy keeps it from being clipped by scrolling ancestors.
export function MenuRoot({ positioning, ...props }: ArkMenu.RootProps) {
  return <ArkMenu.Root positioning={{ strategy: "fixed", ...positioning }} {...props} />;
}

export function MenuTrigger(props: ComponentProps<typeof ArkMenu.Trigger>) {
  return <ArkMenu.Trigger {...props} />;
}

export function MenuContent({ className, children, ...props }: ArkMenu.ContentProps) {
  return (
    <ArkMenu.Positioner className={styles.positioner}>
      <ArkMenu.Content
        className={cx(styles.content, css({ minW: "14rem", w: "auto" }), className)}
        {...props}
      >
        {children}
      </ArkMenu.Content>
    </ArkMenu.Positioner>
  );
}

export function MenuItem({ className, ...props }: ArkMenu.ItemProps) {
  return <ArkMenu.Item className={cx(styles.item, css({ gap: "2" }), className)} {...props} />;
}

export function MenuItemGroup({ className, ...props }: ArkMenu.ItemGroupProps) {
  return <ArkMenu.ItemGroup className={cx(styles.itemGroup, className)} {...props} />;
}

export function MenuItemGroupLabel({ className, ...props }: ArkMenu.ItemGroupLabelProps) {
  return <ArkMenu.ItemGroupLabel className={cx(styles.itemGroupLabel, className)} {...props} />;
}

export function MenuSeparator({ className, ...props }: ArkMenu.SeparatorProps) {
  return (
    <ArkMenu.Separator
      className={cx(styles.separator, css({ borderTopWidth: "1px", my: "1" }), className)}
      {...props}
    />
  );
}

export function MenuRadioItemGroup({ className, ...props }: ArkMenu.RadioItemGroupProps) {
  return <ArkMenu.RadioItemGroup className={cx(styles.itemGroup, className)} {...props} />;
}

/** A menuitemradio: aria-checked tells which option is the current one. */
export function MenuRadioItem({
  className,
  children,
  ...props
}: ArkMenu.RadioItemProps & { children: ReactNode }) {
  return (
    <ArkMenu.RadioItem className={cx(styles.item, css({ gap: "2" }), className)} {...props}>
      <ArkMenu.ItemText className={css({ display: "flex", alignItems: "center", gap: "2", flex: "1" })}>
        {children}
      </ArkMenu.ItemText>
      <span className={css({ display: "inline-flex", w: "4", flexShrink: "0" })}>
        <ArkMenu.ItemIndicator className={styles.itemIndicator}>
          <Check aria-hidden="true" />
        </ArkMenu.ItemIndicator>
      </span>
    </ArkMenu.RadioItem>
  );
}
