import { Steps as ArkSteps, type StepsItemProps } from "@ark-ui/react/steps";
import type { ComponentProps } from "react";
import { createStyleContext } from "styled-system/jsx";
import { steps } from "styled-system/recipes/steps";

// A sequence of steps (Ark): <Steps.Root count={3}><Steps.List><Steps.Item index={0}><Steps.Trigger>
// <Steps.Indicator>1</Steps.Indicator>…</Steps.Trigger><Steps.Separator /></Steps.Item>…</Steps.List>
// <Steps.Content index={0}>…</Steps.Content>…<Steps.CompletedContent>…
const { withProvider, withContext } = createStyleContext(steps);

export const Root = withProvider(ArkSteps.Root, "root");
export const List = withContext(ArkSteps.List, "list");
/**
 * Ark marks the current item aria-current="step"; inside the tablist that makes the item a child a tablist
 * does not allow (axe aria-required-children). The current step is already the selected tab: the item stays
 * a plain wrapper.
 */
function PlainItem({ "aria-current": _current, ...props }: ComponentProps<"div">) {
  return <div {...props} />;
}
function StepsItem({ children, ...props }: StepsItemProps) {
  return (
    <ArkSteps.Item {...props} asChild>
      <PlainItem>{children}</PlainItem>
    </ArkSteps.Item>
  );
}

export const Item = withContext(StepsItem, "item");
export const Trigger = withContext(ArkSteps.Trigger, "trigger");
export const Indicator = withContext(ArkSteps.Indicator, "indicator");
export const Separator = withContext(ArkSteps.Separator, "separator");
export const Content = withContext(ArkSteps.Content, "content");
export const CompletedContent = withContext(ArkSteps.CompletedContent, "content");
export const PrevTrigger = withContext(ArkSteps.PrevTrigger, "prevTrigger");
export const NextTrigger = withContext(ArkSteps.NextTrigger, "nextTrigger");
