import { Trans } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useEffect } from "react";
import { css } from "styled-system/css";
import { Link } from "wouter";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "../../components/ui/card";
import { Heading } from "../../components/ui/heading";
import { Skeleton } from "../../components/ui/skeleton";
import { Text } from "../../components/ui/text";
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

type AuthCardProps = {
  title: string;
  description: ReactNode;
  /** The form's fields. */
  children: ReactNode;
  /** Why the last attempt failed, in words; null when it did not. */
  failure: ReactNode;
  pending: boolean;
  /** The submit button's label (it says what is on its way while pending). */
  submit: ReactNode;
  /** Called unless a request is on its way. */
  onSubmit: () => void;
  /** The footer's way to the other auth page: a question and the link that answers it. */
  other: { question: ReactNode; href: string; link: ReactNode };
};

/** Sign-in and sign-up: the card, its form with the failure above the fields, and the way to the other page. */
export function AuthCard(props: AuthCardProps) {
  const { title, description, children, failure, pending, other } = props;
  const session = useSessionActor();
  useEffect(() => {
    document.title = title;
  }, [title]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) props.onSubmit();
  };
  return (
    <Card className={css({ w: "full", maxW: "md" })}>
      <CardHeader>
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text muted size="sm">
          {description}
        </Text>
      </CardHeader>
      <CardBody>
        <form className={css({ display: "flex", flexDirection: "column", gap: "4" })} onSubmit={submit}>
          {failure ? <Alert title={failure} /> : null}
          {children}
          {/* aria-disabled, not disabled: the button keeps the focus while signing in, and after a refusal. */}
          <Button
            type="submit"
            size="lg"
            aria-disabled={pending || undefined}
            className={css({ w: "full", mt: "2" })}
          >
            {props.submit}
          </Button>
        </form>
      </CardBody>
      <CardFooter className={css({ justifyContent: "center", fontSize: "sm", color: "fg.muted", gap: "1" })}>
        <span>{other.question}</span>
        {/* The other page must not show this one's failure. */}
        <Link
          href={other.href}
          className={linkClass}
          onClick={() => session.send({ type: "session.dismissFailure" })}
        >
          {other.link}
        </Link>
      </CardFooter>
    </Card>
  );
}

/**
 * While the session is checked: the card's outline, its fields and button where they will be, so the
 * form takes the skeleton's place without a jump.
 */
export function AuthCardSkeleton({ fields }: { fields: number }) {
  return (
    <Card aria-busy="true" data-skeleton="auth" className={css({ w: "full", maxW: "md" })}>
      <CardHeader>
        <span role="status" className={css({ srOnly: true })}>
          <Trans>Loading…</Trans>
        </span>
        <Skeleton className={css({ h: "8", w: "3/4" })} />
        <Skeleton className={css({ h: "5", w: "full" })} />
      </CardHeader>
      <CardBody className={css({ gap: "4" })}>
        {Array.from({ length: fields }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders in a fixed order.
          <div key={index} className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
            <Skeleton className={css({ h: "5", w: "24" })} />
            <Skeleton className={css({ h: "10", w: "full" })} />
          </div>
        ))}
        <Skeleton className={css({ h: "11", w: "full", mt: "2" })} />
      </CardBody>
      <CardFooter className={css({ justifyContent: "center" })}>
        <Skeleton className={css({ h: "5", w: "60" })} />
      </CardFooter>
    </Card>
  );
}
