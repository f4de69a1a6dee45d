import { Trans } from "@lingui/react/macro";
import { ArrowLeft } from "lucide-react";
import { css } from "styled-system/css";
import { Link } from "wouter";

const linkClass = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "1.5",
  fontSize: "sm",
  fontWeight: "medium",
  color: "fg.muted",
  textDecoration: "none",
  borderRadius: "l1",
  mb: "3",
  _hover: { color: "fg.default", textDecoration: "underline" },
  _focusVisible: { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "2px" },
  "& svg": { w: "4", h: "4" },
});

export function BackToCallsLink({ href }: { href: string }) {
  return (
    <Link href={href} className={linkClass}>
      <ArrowLeft aria-hidden="true" />
      <Trans>Back to calls</Trans>
    </Link>
  );
}
