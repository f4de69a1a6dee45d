import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
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

/** The way back from a page to the one it belongs to (a call to the calls list, the activity log to Settings). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={linkClass}>
      <ArrowLeft aria-hidden="true" />
      {children}
    </Link>
  );
}
