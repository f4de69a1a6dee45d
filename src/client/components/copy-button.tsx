import { Trans, useLingui } from "@lingui/react/macro";
import { Check, Copy } from "lucide-react";
import { type RefObject, useEffect, useState } from "react";
import { css } from "styled-system/css";
import { Button } from "./ui/button";

type CopyButtonProps = {
  value: string;
  /** The read-only field showing the value: selected when the clipboard cannot be written. */
  fieldRef: RefObject<HTMLInputElement | null>;
  label?: string;
};

type Result = "idle" | "copied" | "manual";

const visibleHint = css({ fontSize: "sm", color: "fg.muted", w: "full" });

/** Copies to the clipboard; without clipboard access it selects the text and says how to copy it. */
export function CopyButton({ value, fieldRef, label }: CopyButtonProps) {
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
      const field = fieldRef.current;
      field?.focus();
      field?.select();
      setResult("manual");
    }
  }

  return (
    <>
      <Button variant="outline" size="md" onClick={() => void copy()} aria-label={label ?? t`Copy`}>
        {result === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {result === "copied" ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      </Button>
      <span role="status" className={result === "manual" ? visibleHint : css({ srOnly: true })}>
        {result === "copied" ? (
          <Trans>Copied to the clipboard</Trans>
        ) : result === "manual" ? (
          <Trans>The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.</Trans>
        ) : null}
      </span>
    </>
  );
}
