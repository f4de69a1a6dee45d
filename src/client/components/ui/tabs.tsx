import { Tabs as ArkTabs } from "@ark-ui/react/tabs";
import { css, cx } from "styled-system/css";
import { tabs } from "styled-system/recipes/tabs";

// Tabs (Ark) with the Park UI recipe: arrow keys move between triggers, Tab moves into the panel.
// <Tabs.Root value onValueChange><Tabs.List><Tabs.Trigger value="a">…</Tabs.Trigger></Tabs.List>
// <Tabs.Content value="a">…</Tabs.Content></Tabs.Root>
// The recipe's classes are set on each part directly: createStyleContext's runtime would cost the page ~2.5 KB.
const styles = tabs();

// Labels that do not fit one line (three at 360 px in Polish) wrap onto another row rather than scroll out of
// sight with nothing showing they are there. The recipe's sliding indicator keeps to one row, so instead the
// chosen tab carries its own line.
const wrappingList = css({ flexWrap: "wrap", columnGap: "4", rowGap: "1", overflow: "visible" });
const underlinedTrigger = css({
  flexShrink: "1",
  maxW: "full",
  whiteSpace: "normal",
  _selected: { boxShadow: "inset 0 -2px 0 0 var(--colors-color-palette-default)" },
});

export const Root = ({ className, ...props }: ArkTabs.RootProps) => (
  <ArkTabs.Root className={cx(styles.root, className)} {...props} />
);
export const List = ({ className, ...props }: ArkTabs.ListProps) => (
  <ArkTabs.List className={cx(styles.list, wrappingList, className)} {...props} />
);
export const Trigger = ({ className, ...props }: ArkTabs.TriggerProps) => (
  <ArkTabs.Trigger className={cx(styles.trigger, underlinedTrigger, className)} {...props} />
);
export const Content = ({ className, ...props }: ArkTabs.ContentProps) => (
  <ArkTabs.Content className={cx(styles.content, className)} {...props} />
);
