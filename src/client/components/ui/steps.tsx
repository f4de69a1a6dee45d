import { Steps as ArkSteps } from "@ark-ui/react/steps";
import { createStyleContext } from "styled-system/jsx";
import { steps } from "styled-system/recipes/steps";

// A sequence of steps (Ark): <Steps.Root count={3}><Steps.List><Steps.Item index={0}><Steps.Trigger>
// <Steps.Indicator>1</Steps.Indicator>…</Steps.Trigger><Steps.Separator /></Steps.Item>…</Steps.List>
// <Steps.Content index={0}>…</Steps.Content>…<Steps.CompletedContent>…
const { withProvider, withContext } = createStyleContext(steps);

export const Root = withProvider(ArkSteps.Root, "root");
export const List = withContext(ArkSteps.List, "list");
export const Item = withContext(ArkSteps.Item, "item");
export const Trigger = withContext(ArkSteps.Trigger, "trigger");
export const Indicator = withContext(ArkSteps.Indicator, "indicator");
export const Separator = withContext(ArkSteps.Separator, "separator");
export const Content = withContext(ArkSteps.Content, "content");
export const CompletedContent = withContext(ArkSteps.CompletedContent, "content");
export const PrevTrigger = withContext(ArkSteps.PrevTrigger, "prevTrigger");
export const NextTrigger = withContext(ArkSteps.NextTrigger, "nextTrigger");
