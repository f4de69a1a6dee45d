import { Tabs as ArkTabs } from "@ark-ui/react/tabs";
import { createStyleContext } from "styled-system/jsx";
import { tabs } from "styled-system/recipes/tabs";

// Tabs (Ark): arrow keys move between triggers, Tab moves into the panel.
// <Tabs.Root value onValueChange><Tabs.List><Tabs.Trigger value="a">…</Tabs.Trigger><Tabs.Indicator />
// </Tabs.List><Tabs.Content value="a">…</Tabs.Content></Tabs.Root>
const { withProvider, withContext } = createStyleContext(tabs);

export const Root = withProvider(ArkTabs.Root, "root");
export const List = withContext(ArkTabs.List, "list");
export const Trigger = withContext(ArkTabs.Trigger, "trigger");
export const Content = withContext(ArkTabs.Content, "content");
export const Indicator = withContext(ArkTabs.Indicator, "indicator");
