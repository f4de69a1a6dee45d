import { Trans, useLingui } from "@lingui/react/macro";
import { Check, Copy } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useState } from "react";
import { css } from "styled-system/css";
import { Button } from "./ui/button";

type CopyButtonProps = {
  value: string;
  /**
   * What shows the value, a read-only field or a focusable block of text: selected when the clipboard cannot
   * be written. None when the value is not shown as one (several values copied at once).
   */
  fieldRef?: RefObject<HTMLElement | null>;
  label?: string;
  /** The button's visible words until it has copied; "Copy" by default. */
  text?: ReactNode;
};

/** Focuses and selects the value shown, for the owner to copy it by hand. */
function selectShown(shown: HTMLElement | null) {
  if (!shown) return;
  shown.focus();
  if (shown instanceof HTMLInputElement) shown.select();
  else window.getSelection()?.selectAllChildren(shown);
}

/** "manual": the value is selected for the user to copy; "refused": the browser would not copy, nothing to select. */
type Result = "idle" | "copied" | "manual" | "refused";

const visibleHint = css({ fontSize: "sm", color: "fg.muted", w: "full" });

/** Copies to the clipboard; without clipboard access it selects the text and says how to copy it. */
export function CopyButton({ value, fieldRef, label, text }: CopyButtonProps) {
  const { t } = useLingui();
  const [result, setResult] = useState<Result>("idle");

  useEffect(() => {
    if (result !== "copied") return;
    const timer = setTimeout(() => setResult("idle"), 2500);
    return () => clearTimeout(timer);
  }, [result]);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(value);
      setResult("copied");
    } catch {
      if (!fieldRef) return setResult("refused");
      selectShown(fieldRef.current);
      setResult("manual");
    }
  }

  return (
    <>
      {/* Once copied, the name is the visible "Copied" (a name must hold the words shown); the status says what. */}
      <Button
        variant="outline"
        size="md"
        onClick={() => void copy()}
        aria-label={result === "copied" ? undefined : (label ?? t`Copy`)}
      >
        {result === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {result === "copied" ? <Trans>Copied</Trans> : (text ?? <Trans>Copy</Trans>)}
      </Button>
      <span
        role="status"
        className={result === "manual" || result === "refused" ? visibleHint : css({ srOnly: true })}
      >
        {result === "copied" ? (
          <Trans>Copied to the clipboard</Trans>
        ) : result === "manual" ? (
          <Trans>The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.</Trans>
        ) : result === "refused" ? (
          <Trans>The browser did not allow copying.</Trans>
        ) : null}
      </span>
    </>
  );
}
