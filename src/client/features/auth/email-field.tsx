import { useLingui } from "@lingui/react/macro";
import { EMAIL_MAX } from "@shared/auth.constants";
import { Field } from "../../components/ui/field";

/** The e-mail field both auth forms share. */
export function EmailField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  return (
    <Field
      label={t`Email`}
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
