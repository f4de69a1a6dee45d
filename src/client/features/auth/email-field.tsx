import { useLingui } from "@lingui/react/macro";
import { EMAIL_MAX } from "@shared/auth.constants";
import type { ReactNode, Ref } from "react";
import { Field } from "../../components/ui/field";

/** The e-mail field both auth forms share. */
export function EmailField({
  value,
  onChange,
  errorText,
  ref,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Why the address was refused (sign-up's own check), while it stands. */
  errorText?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}) {
  const { t } = useLingui();
  return (
    <Field
      ref={ref}
      label={t`Email`}
      errorText={errorText}
      name="email"
      type="email"
      autoComplete="email"
      required
      maxLength={EMAIL_MAX}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
