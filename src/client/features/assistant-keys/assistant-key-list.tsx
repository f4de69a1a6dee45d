import { Trans, useLingui } from "@lingui/react/macro";
import type { AssistantKey } from "@shared/assistant.schema";
import { KeyRound } from "lucide-react";
import { css } from "styled-system/css";
import { RelativeTime } from "../../components/relative-time";
import { Button } from "../../components/ui/button";
import { dayFormat } from "../../lib/zoned-format";

type AssistantKeyListProps = {
  keys: readonly AssistantKey[];
  /** The business's timezone, whose calendar the creation days are of. */
  timeZone: string;
  onRevoke: (key: AssistantKey) => void;
};

export function AssistantKeyList({ keys, timeZone, onRevoke }: AssistantKeyListProps) {
  const { t, i18n } = useLingui();
  const day = dayFormat(i18n.locale, timeZone);
  return (
    <ul
      className={css({
        display: "flex",
        flexDirection: "column",
        borderTopWidth: "1px",
        borderColor: "border.subtle",
      })}
    >
      {keys.map((key) => {
        const createdOn = day(key.createdAt);
        const name = key.name;
        return (
          <li
            key={key._id}
            className={css({
              display: "flex",
              flexWrap: "wrap",
              alignItems: "center",
              gap: "3",
              py: "3",
              borderBottomWidth: "1px",
              borderColor: "border.subtle",
            })}
          >
            <KeyRound
              aria-hidden="true"
              className={css({ w: "4", h: "4", color: "fg.muted", flexShrink: "0" })}
            />
            <div
              className={css({
                flex: "1",
                minW: "12rem",
                display: "flex",
                flexDirection: "column",
                gap: "0.5",
              })}
            >
              <p className={css({ fontWeight: "semibold", overflowWrap: "anywhere" })}>
                {key.name}{" "}
                <span className={css({ fontFamily: "mono", fontWeight: "normal", color: "fg.muted" })}>
                  <span aria-hidden="true">••••</span>
                  <span className={css({ srOnly: true })}>{t`ending in`} </span>
                  {key.last4}
                </span>
              </p>
              <p className={css({ fontSize: "sm", color: "fg.muted" })}>
                <Trans>
                  Created <time dateTime={key.createdAt}>{createdOn}</time>
                </Trans>
                <span aria-hidden="true"> · </span>
                {key.lastUsedAt ? (
                  <Trans>
                    Last used <RelativeTime iso={key.lastUsedAt} timeZone={timeZone} />
                  </Trans>
                ) : (
                  <Trans>Never used</Trans>
                )}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={t`Revoke key ${name}`}
              onClick={() => onRevoke(key)}
            >
              <Trans>Revoke</Trans>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
