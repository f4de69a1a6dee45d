import { type ReactNode, useId, useRef } from "react";
import { css } from "styled-system/css";
import { field } from "styled-system/recipes/field";
import { CopyButton } from "../../components/copy-button";

const fieldStyles = field();

const block = css({
  maxH: "16rem",
  overflow: "auto",
  p: "3",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "l2",
  bg: "bg.subtle",
  fontFamily: "mono",
  fontSize: "xs",
  lineHeight: "1.5",
  _focusVisible: { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "2px" },
});

type ToolJsonProps = {
  /** The id of what names the tool: the block's name starts with it (each tool's block is named apart). */
  toolNameId: string;
  label: ReactNode;
  /** The JSON to paste, as text. */
  value: string;
  /** The copy button's name, saying what it copies. */
  copyLabel: string;
};

/**
 * JSON to paste into a platform, as it is, with a copy button: long lines scroll inside the block, never the
 * page, and the block takes focus (a labelled region) so the keyboard can scroll it too.
 */
export function ToolJson({ toolNameId, label, value, copyLabel }: ToolJsonProps) {
  const labelId = useId();
  const blockRef = useRef<HTMLElement>(null);
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1.5", minW: "0" })}>
      <div className={css({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "2" })}>
        <span id={labelId} className={fieldStyles.label}>
          {label}
        </span>
        <CopyButton value={value} fieldRef={blockRef} label={copyLabel} />
      </div>
      <section
        ref={blockRef}
        aria-labelledby={`${toolNameId} ${labelId}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls, so the keyboard must reach it (axe scrollable-region-focusable)
        tabIndex={0}
        className={block}
      >
        <pre translate="no">{value}</pre>
      </section>
    </div>
  );
}
