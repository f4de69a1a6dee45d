// Without arktype: the sign-up page checks addresses with it before the server does.
import { EMAIL_MAX } from "./auth.constants";

/** RFC 5321's limit on the part before the "@". */
export const EMAIL_LOCAL_MAX = 64;

/** The HTML standard's characters of a local part (those of its "valid e-mail address"). */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
/** A domain label as the HTML standard has it: 1–63 letters, digits and hyphens, no hyphen at either end. */
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";

/**
 * An account's e-mail address, on the portal's sign-up field and on the server alike: what the browser's
 * e-mail field (the spec's type="email") lets through, narrowed to addresses mail can reach — a local part of
 * at most 64 characters with no dot at either end or two in a row (RFC 5322's dot-atom), and a domain of at
 * least two labels ending in a top-level domain of letters (so not `me@localhost`).
 */
export const EMAIL_PATTERN = new RegExp(
  `^(?=[^@]{1,${EMAIL_LOCAL_MAX}}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`,
);

export const isEmailAddress = (value: string) => value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
