import { Combobox, useListCollection } from "@ark-ui/react/combobox";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, ChevronsUpDown } from "lucide-react";
import { useId } from "react";
import { css, cx } from "styled-system/css";
import { combobox } from "styled-system/recipes/combobox";
import { field } from "styled-system/recipes/field";
import { input } from "styled-system/recipes/input";

const styles = combobox({ size: "md" });
const fieldStyles = field();
// The preset draws no box around the combobox input: it is the text input's, with room for the trigger.
const inputStyles = cx(input({ size: "md" }), styles.input, css({ pe: "10" }));

/** "new york", "New_York" and "america/new" all find America/New_York; "Madrid" finds Europe/Madrid. */
const loose = (text: string) => text.toLowerCase().replace(/[\s_]+/g, " ");
const matchesZone = (zone: string, typed: string) => loose(zone).includes(loose(typed).trim());

type TimezoneComboboxProps = {
  value: string;
  /** Spec 9's eleven first, then every other zone. */
  zones: readonly string[];
  errorText?: string | undefined;
  onChange: (zone: string) => void;
};

/** The business's timezone, searchable by any part of its name; only a listed zone can be chosen. */
export function TimezoneCombobox({ value, zones, errorText, onChange }: TimezoneComboboxProps) {
  const { t } = useLingui();
  const errorId = useId();
  const { collection, filter, reset } = useListCollection({
    initialItems: zones,
    filter: (itemText, typed) => matchesZone(itemText, typed),
  });
  return (
    <Combobox.Root
      className={styles.root}
      collection={collection}
      value={[value]}
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
