import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AssistantDelivery } from "@shared/assistant-connections.schema";
import type { DeliveryResult } from "@shared/assistant-platforms.constants";
import { CircleCheck, CircleX, Copy } from "lucide-react";
import { css } from "styled-system/css";
import { type Look, LookBadge } from "../../components/look-badge";
import { Code } from "../../components/ui/code";
import { deliveryReason } from "./delivery-reasons";
import { ExactTime } from "./exact-time";

const resultLooks: Record<DeliveryResult, Look> = {
  accepted: {
    label: msg({ message: "accepted", context: "delivery result" }),
    variant: "subtle",
    tone: "success",
    icon: <CircleCheck aria-hidden="true" />,
  },
  duplicate: {
    label: msg({ message: "duplicate", context: "delivery result" }),
    variant: "outline",
    tone: "neutral",
    icon: <Copy aria-hidden="true" />,
  },
  refused: {
    label: msg({ message: "refused", context: "delivery result" }),
    variant: "subtle",
    tone: "danger",
    icon: <CircleX aria-hidden="true" />,
  },
};

const row = css({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  columnGap: "3",
  rowGap: "1",
  py: "2",
  borderBottomWidth: "1px",
  borderColor: "border.subtle",
  fontSize: "sm",
});

/** A connection's latest deliveries, newest first: when, which event, and what became of it (and why). */
export function DeliveryList({
  deliveries,
  labelledBy,
}: {
  deliveries: readonly AssistantDelivery[];
  labelledBy: string;
}) {
  const { i18n } = useLingui();
  return (
    <ul aria-labelledby={labelledBy} className={css({ borderTopWidth: "1px", borderColor: "border.subtle" })}>
      {deliveries.map((delivery, index) => {
        const reason = deliveryReason(delivery);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: deliveries carry no id; the list is replaced whole
          <li key={index} className={row} data-delivery={delivery.result}>
            <LookBadge looks={resultLooks} value={delivery.result} />
            {delivery.event ? (
              <Code translate="no">{delivery.event}</Code>
            ) : (
              <span className={css({ color: "fg.muted" })}>
                <Trans>unread message</Trans>
              </span>
            )}
            <span className={css({ color: "fg.muted" })}>
              <ExactTime iso={delivery.receivedAt} />
            </span>
            {reason ? (
              <p
                className={css({ w: "full", overflowWrap: "anywhere" })}
                data-reason-code={delivery.reasonCode}
              >
                {i18n._(reason.message)}
                {reason.detail ? (
                  <>
                    {" "}
                    <Code lang="en">{reason.detail}</Code>
                  </>
                ) : null}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
