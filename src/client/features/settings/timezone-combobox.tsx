import { Combobox, useListCollection } from "@ark-ui/react/combobox";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, ChevronsUpDown } from "lucide-react";
import { useId, useLayoutEffect, useRef } from "react";
import { css, cx } from "styled-system/css";
import type { Handover } from "../../lib/use-load-on-intent";
import {
  fieldStyles,
  inputStyles,
  comboboxStyles as styles,
  type TimezoneFieldProps,
} from "./timezone-field-look";

/** "new york", "New_York" and "america/new" all find America/New_York; "Madrid" finds Europe/Madrid. */
const loose = (text: string) => text.toLowerCase().replace(/[\s_]+/g, " ");
const matchesZone = (zone: string, typed: string) => loose(zone).includes(loose(typed).trim());

export type TimezoneComboboxProps = TimezoneFieldProps & {
  /** What the stand-in field hands over (lib/use-load-on-intent), and the text typed into it meanwhile. */
  handover: Handover & { typed: string };
};

/** The business's timezone, searchable by any part of its name; only a listed zone can be chosen. */
export default function TimezoneCombobox({
  value,
  zones,
  errorText,
  onChange,
  handover,
}: TimezoneComboboxProps) {
  const { t } = useLingui();
  const errorId = useId();
  const { collection, filter, reset } = useListCollection({
    initialItems: zones,
    filter: (itemText, typed) => matchesZone(itemText, typed),
  });
  const inputRef = useRef<HTMLInputElement>(null);
  // Whichever part of the stand-in had focus, the input takes it (the list button is no tab stop).
  const focused = handover.focus !== undefined;
  // The list shows what the stand-in's text finds, as if it had been typed here, and the caret or selection
  // stays where it was, focus included (a select-all just before the swap must still be replaced by what is typed next).
  // In the commit that removed the stand-in, before the browser can hand out another key.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what was handed over at mount
  useLayoutEffect(() => {
    if (handover.typed) filter(handover.typed);
    if (!focused) return;
    inputRef.current?.focus();
    if (handover.selection) inputRef.current?.setSelectionRange(...handover.selection);
  }, []);
  return (
    <Combobox.Root
      className={styles.root}
      collection={collection}
      value={[value]}
      {...(handover.typed ? { defaultInputValue: handover.typed } : {})}
      defaultOpen={focused && (handover.open || handover.typed !== "")}
      inputBehavior="autohighlight"
      openOnClick
      // Some 400 zones: in the page only while the list is open.
      lazyMount
      unmountOnExit
      positioning={{ strategy: "fixed", sameWidth: true }}
      invalid={errorText !== undefined}
      onValueChange={({ value: [zone] }) => {
        if (zone) onChange(zone);
      }}
      onInputValueChange={({ inputValue, reason }) => {
        if (reason === "input-change") filter(inputValue);
        else reset();
      }}
      onOpenChange={({ open }) => {
        if (!open) reset();
      }}
    >
      <Combobox.Label className={cx(styles.label, fieldStyles.label)}>
        <Trans>Timezone</Trans>
      </Combobox.Label>
      <Combobox.Control className={styles.control}>
        <Combobox.Input
          ref={inputRef}
          name="timezone"
          className={inputStyles}
          aria-describedby={errorText ? errorId : undefined}
        />
        <Combobox.Trigger className={styles.trigger} aria-label={t`Show timezones`}>
          <ChevronsUpDown aria-hidden="true" />
        </Combobox.Trigger>
      </Combobox.Control>
      {errorText ? (
        <span id={errorId} className={fieldStyles.errorText}>
          {errorText}
        </span>
      ) : null}
      <Combobox.Positioner className={styles.positioner}>
        <Combobox.Content className={cx(styles.content, css({ maxH: "18rem", overflowY: "auto" }))}>
          <Combobox.Empty className={css({ p: "2", color: "fg.muted", fontSize: "sm" })}>
            <Trans>No timezone matches</Trans>
          </Combobox.Empty>
          {collection.items.map((zone) => (
            <Combobox.Item key={zone} item={zone} className={styles.item}>
              <Combobox.ItemText className={styles.itemText}>{zone}</Combobox.ItemText>
              <Combobox.ItemIndicator className={styles.itemIndicator}>
                <Check aria-hidden="true" />
              </Combobox.ItemIndicator>
            </Combobox.Item>
          ))}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}
