import type { ReactNode } from "react";
import { css } from "styled-system/css";
import { Link } from "wouter";
import { useSessionActor } from "../session/session-context";

const linkClass = css({
  color: "indigo.11",
  fontWeight: "semibold",
  textDecoration: "underline",
  textUnderlineOffset: "2px",
  borderRadius: "l1",
  _hover: { textDecorationThickness: "2px" },
  _focusVisible: { outline: "2px solid", outlineColor: "indigo.9", outlineOffset: "2px" },
});

/** Between sign-in and sign-up: the other page must not show this one's failure. */
export function AuthLink({ href, children }: { href: string; children: ReactNode }) {
  const session = useSessionActor();
  return (
    <Link href={href} className={linkClass} onClick={() => session.send({ type: "session.dismissFailure" })}>
      {children}
    </Link>
  );
}
