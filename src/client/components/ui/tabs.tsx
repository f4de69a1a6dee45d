import { Tabs as ArkTabs } from "@ark-ui/react/tabs";
import { cx } from "styled-system/css";
import { tabs } from "styled-system/recipes/tabs";

// Tabs (Ark) with the Park UI recipe: arrow keys move between triggers, Tab moves into the panel.
// <Tabs.Root value onValueChange><Tabs.List><Tabs.Trigger value="a">…</Tabs.Trigger><Tabs.Indicator />
// </Tabs.List><Tabs.Content value="a">…</Tabs.Content></Tabs.Root>
// The recipe's classes are set on each part directly: createStyleContext's runtime would cost the page ~2.5 KB.
const styles = tabs();

export const Root = ({ className, ...props }: ArkTabs.RootProps) => (
  <ArkTabs.Root className={cx(styles.root, className)} {...props} />
);
export const List = ({ className, ...props }: ArkTabs.ListProps) => (
  <ArkTabs.List className={cx(styles.list, className)} {...props} />
);
export const Trigger = ({ className, ...props }: ArkTabs.TriggerProps) => (
  <ArkTabs.Trigger className={cx(styles.trigger, className)} {...props} />
);
export const Content = ({ className, ...props }: ArkTabs.ContentProps) => (
  <ArkTabs.Content className={cx(styles.content, className)} {...props} />
);
export const Indicator = ({ className, ...props }: ArkTabs.IndicatorProps) => (
  <ArkTabs.Indicator className={cx(styles.indicator, className)} {...props} />
);
