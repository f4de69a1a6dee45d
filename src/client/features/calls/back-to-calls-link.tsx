import { Trans } from "@lingui/react/macro";
import { BackLink } from "../../components/back-link";

export function BackToCallsLink({ href }: { href: string }) {
  return (
    <BackLink href={href}>
      <Trans>Back to calls</Trans>
    </BackLink>
  );
}
